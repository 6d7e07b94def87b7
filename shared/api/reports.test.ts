import { describe, expect, test } from 'vitest';
import { MAX_REPORT_DESCRIPTION_LENGTH, REPORT_TYPES, reportMessage, ReportType } from './reports';

const parse = (params: object) => reportMessage.params.safeParse({ message_id: 12, ...params });

describe('report a message (spec 16)', () => {
  test('a spam report needs no description', () => {
    expect(parse({ report_type: 'spam' }).success).toBe(true);
  });

  test('an "other" report without a description is rejected with the upstream message', () => {
    const result = parse({ report_type: 'other' });
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['description'], message: 'An explanation is required.' }),
    );
  });

  test('an "other" report with an empty description is rejected', () => {
    expect(parse({ report_type: 'other', description: '' }).success).toBe(false);
  });

  test('an "other" report with a description is accepted', () => {
    expect(parse({ report_type: 'other', description: 'Posting the same link everywhere' }).success).toBe(true);
  });

  test('a 1000-character description is accepted', () => {
    expect(parse({ report_type: 'norms', description: 'x'.repeat(MAX_REPORT_DESCRIPTION_LENGTH) }).success).toBe(true);
  });

  test('a 1001-character description is rejected', () => {
    const description = 'x'.repeat(MAX_REPORT_DESCRIPTION_LENGTH + 1);
    expect(parse({ report_type: 'norms', description }).success).toBe(false);
  });

  test('an unknown report type is rejected', () => {
    expect(parse({ report_type: 'misinformation' }).success).toBe(false);
  });

  test('every report type has a label', () => {
    expect(Object.keys(REPORT_TYPES).sort()).toEqual([...ReportType.options].sort());
  });
});
