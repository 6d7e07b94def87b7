// The list's description line: the server's rendering as plain text, never its Markdown or its markup.
import { expect, test } from 'vitest';
import { descriptionLine } from './channel-words';
import { channelEntry } from './testing/channel-samples';

test('a description reads as the editor renders it, on one line of text', () => {
  const launch = channelEntry(1, 'launch', { description: 'Launch **planning**\nand `dates`', rendered_description: '<p>Launch <strong>planning</strong><br>\nand <code>dates</code></p>' });
  expect(descriptionLine(launch)).toBe('Launch planning and dates');
});

test('markup the sanitizer drops leaves no text behind; no description, or no rendering yet, are said plainly', () => {
  const hostile = channelEntry(2, 'x', { description: 'Hi', rendered_description: '<p>Hi<img src=x onerror="alert(2)"></p>' });
  expect(descriptionLine(hostile)).toBe('Hi');
  expect(descriptionLine(channelEntry(3, 'empty', { description: '', rendered_description: '' }))).toBe('No description');
  expect(descriptionLine(channelEntry(4, 'raw', { description: 'Only **raw**', rendered_description: '' }))).toBe('Only **raw**');
});
