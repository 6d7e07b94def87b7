import { describe, expect, test } from 'vitest';
import { searchSettings } from './setting-search';

describe('finding a setting', () => {
  test('no query: every setting, every group', () => {
    const result = searchSettings('  ');
    expect(result.matches).toBe(result.total);
    expect(result.total).toBe(56);
    expect(result.groups.map(({ group }) => group.id)).toEqual(['display', 'navigation', 'reading', 'composing', 'topics', 'notifications', 'privacy']);
  });

  test('by label, by description and by API name (with or without underscores)', () => {
    const names = (query: string) => searchSettings(query).groups.flatMap(({ entries }) => entries.map((entry) => entry.name));
    expect(names('color scheme')).toEqual(['color_scheme']);
    expect(names('drafts stored on the server')).toEqual(['enable_drafts_synchronization']);
    expect(names('web_font_size_px')).toEqual(['web_font_size_px']);
    expect(names('EMAIL digest')).toEqual(['enable_digest_emails']);
  });

  test('groups without a match are kept, empty, and the count says how many match', () => {
    const result = searchSettings('typing');
    expect(result.groups).toHaveLength(7);
    expect(result.groups.find(({ group }) => group.id === 'display')?.entries).toEqual([]);
    expect(result.matches).toBe(3);
  });
});
