// What makes a linkifier valid, with upstream's messages (zerver/models/linkifiers.py).
import { describe, expect, test } from 'vitest';
import { groupNames, linkifierErrors, regexError, templateVariables } from './linkifier-rules';

describe('the pattern', () => {
  test("Python's named groups are accepted and named", () => {
    expect(regexError('#(?P<id>[0-9]+)')).toBeUndefined();
    expect(groupNames('(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>\\d+)')).toEqual(new Set(['org', 'repo', 'id']));
  });

  test('a pattern RE2 would not compile is a bad regular expression, in RE2 words where they are known', () => {
    expect(regexError('#(?P<id>[0-9]+')).toBe('Bad regular expression: missing ): #(?P<id>[0-9]+');
    expect(regexError('[a-z')).toBe('Bad regular expression: missing ]: [a-z');
    expect(regexError('*abc')).toBe('Bad regular expression: missing argument to repetition operator: *abc');
  });

  test('lookaround and backreferences, which RE2 lacks, are refused', () => {
    expect(regexError('foo(?=bar)')).toBe('Bad regular expression: invalid perl operator: (?=');
    expect(regexError('(?P<a>x)\\1')).toBe('Bad regular expression: invalid escape sequence: \\1');
  });
});

describe('the URL template (RFC 6570)', () => {
  test('expressions name their variables, with operators and modifiers', () => {
    expect(templateVariables('https://example.com/{org}/{repo}/issues/{id}')).toEqual(new Set(['org', 'repo', 'id']));
    expect(templateVariables('https://example.com/search{?q,lang}{#frag}')).toEqual(new Set(['q', 'lang', 'frag']));
    expect(templateVariables('https://example.com/{path*}/{name:3}')).toEqual(new Set(['path', 'name']));
    expect(templateVariables('https://example.com/static')).toEqual(new Set());
  });

  test('unbalanced braces, empty or malformed expressions and bad literals are not templates', () => {
    for (const bad of ['https://example.com/{id', 'https://example.com/id}', 'https://example.com/{}', 'https://example.com/{a b}', 'https://example.com/{!id}', 'https://ex ample.com/{id}', 'https://example.com/{{id}}']) {
      expect(templateVariables(bad), bad).toBeUndefined();
    }
  });
});

describe('a linkifier as a whole', () => {
  test('is valid when the groups and the variables are the same names', () => {
    expect(linkifierErrors('#(?P<id>[0-9]+)', 'https://tracker.example/{id}')).toEqual({});
  });

  test('a variable without a group, or a group without a variable, is named (the first alphabetically)', () => {
    expect(linkifierErrors('#(?P<id>[0-9]+)', 'https://tracker.example/{id}/{b}/{a}')).toEqual({
      __all__: ["Group 'a' in URL template is not present in linkifier pattern."],
    });
    expect(linkifierErrors('(?P<z>\\w+)#(?P<id>[0-9]+)', 'https://tracker.example/{id}')).toEqual({
      __all__: ["Group 'z' in linkifier pattern is not present in URL template."],
    });
  });

  test('an invalid template is reported on its field, before a bad pattern', () => {
    expect(linkifierErrors('#(?P<id>[0-9]+', 'https://tracker.example/{id')).toEqual({
      url_template: ['Invalid URL template.'],
      __all__: ['Bad regular expression: missing ): #(?P<id>[0-9]+'],
    });
  });
});
