import { describe, expect, test } from 'vitest';
import { createSavedSnippet, editSavedSnippet, getSavedSnippets } from './snippets';

describe('saved snippets', () => {
  test('creating a snippet with a title and content is accepted (spec 18)', () => {
    const params = { title: 'Welcome message', content: '**Welcome** to the organization.' };
    expect(createSavedSnippet.params.safeParse(params).success).toBe(true);
  });

  test.each([
    ['an empty title', { title: '', content: 'x' }],
    ['a blank title', { title: '   ', content: 'x' }],
    ['empty content', { title: 'x', content: '' }],
  ])('creating a snippet with %s is rejected', (_, params) => {
    expect(createSavedSnippet.params.safeParse(params).success).toBe(false);
  });

  test('the create reply carries the snippet ID', () => {
    expect(createSavedSnippet.reply.parse({ result: 'success', msg: '', saved_snippet_id: 5 }).saved_snippet_id).toBe(5);
  });

  test('an edit may change only the title (spec 17)', () => {
    expect(editSavedSnippet.params.safeParse({ saved_snippet_id: 5, title: 'Greeting' }).success).toBe(true);
  });

  test('the listing parses', () => {
    const snippet = { id: 5, title: 'Greeting', content: 'Hello!', date_created: 1720000000 };
    const reply = getSavedSnippets.reply.parse({ result: 'success', msg: '', saved_snippets: [snippet] });
    expect(reply.saved_snippets[0]?.title).toBe('Greeting');
  });
});
