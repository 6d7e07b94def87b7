import { domainToASCII } from 'node:url';
import { describe, expect, test } from 'vitest';
import { isValidEmailSyntax } from './email-address';

describe('address syntax, as upstream (Django) judges it', () => {
  test.each([
    'simple@example.com',
    'first.last+tag@sub.example.co.uk',
    "o'brien@example.ie",
    'user@localhost',
    '"quoted"@example.com',
    '"with\\ space"@example.com',
    'user@[127.0.0.1]',
    'user@[::1]',
    'user@bücher.example',
    'x@a-b.example',
  ])('%s is valid', (email) => expect(isValidEmailSyntax(email)).toBe(true));

  test.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@example',
    'two@@example.com',
    'dot.@example.com',
    '.dot@example.com',
    'sp ace@example.com',
    'user@-example.com',
    'user@example-.com',
    'user@example.c',
    'user@[999.1.1.1]',
    '"unescaped space"@example.com',
    `${'a'.repeat(320)}@example.com`,
  ])('%#: %s is invalid', (email) => expect(isValidEmailSyntax(email)).toBe(false));
});

describe('with a punycode encoder, as the sandbox server checks', () => {
  test('an internationalized domain is judged in its ASCII form', () => {
    expect(isValidEmailSyntax('user@bücher.example', domainToASCII)).toBe(true);
    expect(isValidEmailSyntax('user@bücher.example', () => '')).toBe(false);
  });

  test('ASCII addresses are judged as without it', () => {
    expect(isValidEmailSyntax('user@example.com', domainToASCII)).toBe(true);
    expect(isValidEmailSyntax('user@example-.com', domainToASCII)).toBe(false);
  });
});
