// What makes a linkifier valid (upstream zerver/models/linkifiers.py): a regular expression the
// server's engine (RE2) accepts, an RFC 6570 URL template, and the same variable names in both.
// Pure, so the rules are tested without a server.

/** A validation failure in upstream's ValidationFailureError form: field (or `__all__`) to messages. */
export type LinkifierErrors = Record<string, string[]>;

// RE2 names for the errors JavaScript's parser reports, so the text reads like upstream's.
const RE2_ERRORS: [RegExp, string][] = [
  [/unterminated group/i, 'missing )'],
  [/unmatched '\)'/i, 'unexpected )'],
  [/unterminated character class/i, 'missing ]'],
  [/nothing to repeat/i, 'missing argument to repetition operator'],
  [/\\ at end of pattern/i, 'trailing \\'],
];

/** The pattern as JavaScript writes it: Python's (?P<name>...) groups become (?<name>...). */
export const toJsPattern = (pattern: string) => pattern.replace(/\(\?P<(\w+)>/g, '(?<$1>');

/**
 * upstream filter_pattern_validator: "Bad regular expression: ..." when RE2 refuses the pattern. RE2
 * has no lookaround and no backreferences, which JavaScript would accept, so those are refused first.
 */
export function regexError(pattern: string): string | undefined {
  const lookaround = /\(\?<?[=!]/.exec(pattern);
  if (lookaround) return `Bad regular expression: invalid perl operator: ${lookaround[0]}`;
  const backreference = /\\[1-9]|\(\?P=\w+\)|\\k<\w+>/.exec(pattern);
  if (backreference) return `Bad regular expression: invalid escape sequence: ${backreference[0]}`;
  try {
    new RegExp(toJsPattern(pattern), 'u');
    return undefined;
  } catch (error) {
    const detail = (error as Error).message.replace(/^Invalid regular expression: \/.*\/\w*: /s, '');
    const re2 = RE2_ERRORS.find(([match]) => match.test(detail));
    return `Bad regular expression: ${re2 ? `${re2[1]}: ${pattern}` : detail}`;
  }
}

/** The named groups of a pattern, in either syntax RE2 accepts. */
export function groupNames(pattern: string): Set<string> {
  return new Set([...pattern.matchAll(/\(\?P?<([A-Za-z_]\w*)>/g)].map((match) => match[1] as string));
}

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const VARSPEC = /^([A-Za-z0-9_]|%[0-9A-Fa-f]{2})(\.?([A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*(:[1-9]\d{0,3}|\*)?$/;
// RFC 6570 2.1: characters a literal may not hold (besides braces, handled by the parser).
const BAD_LITERAL = /[\s"'<>\\^`|]/;

/**
 * The variable names of an RFC 6570 template, or undefined when it is not one (upstream
 * uri_template.validate; only its syntax matters here, never expanding it).
 */
export function templateVariables(template: string): Set<string> | undefined {
  const names = new Set<string>();
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    const literal = open < 0 ? rest : rest.slice(0, open);
    if (BAD_LITERAL.test(literal) || (close >= 0 && (open < 0 || close < open))) return undefined;
    if (open < 0) break;
    const end = rest.indexOf('}', open);
    if (end < 0) return undefined;
    let expression = rest.slice(open + 1, end);
    if (OPERATORS.has(expression.charAt(0))) expression = expression.slice(1);
    if (expression === '' || expression.includes('{')) return undefined;
    for (const varspec of expression.split(',')) {
      if (!VARSPEC.test(varspec)) return undefined;
      names.add(varspec.replace(/(:\d+|\*)$/, ''));
    }
    rest = rest.slice(end + 1);
  }
  return names;
}

const first = (names: Iterable<string>) => [...names].sort()[0];

/**
 * upstream RealmFilter.full_clean: the URL template's own check, then clean() (the pattern, then each
 * template variable and each group must have a partner). Errors are keyed as Django keys them.
 */
export function linkifierErrors(pattern: string, urlTemplate: string): LinkifierErrors {
  const errors: LinkifierErrors = {};
  const variables = templateVariables(urlTemplate);
  if (!variables) errors.url_template = ['Invalid URL template.'];
  const badPattern = regexError(pattern);
  if (badPattern) {
    errors.__all__ = [badPattern];
    return errors;
  }
  if (!variables) return errors;
  const groups = groupNames(pattern);
  const missingInPattern = first([...variables].filter((name) => !groups.has(name)));
  const missingInTemplate = first([...groups].filter((name) => !variables.has(name)));
  if (missingInPattern !== undefined) {
    errors.__all__ = [`Group '${missingInPattern}' in URL template is not present in linkifier pattern.`];
  } else if (missingInTemplate !== undefined) {
    errors.__all__ = [`Group '${missingInTemplate}' in linkifier pattern is not present in URL template.`];
  }
  return errors;
}
