import { describe, expect, test } from 'vitest';
import { uploadFile, uploadLinkMarkdown } from './uploads';

describe('upload a file (spec 23)', () => {
  test('the endpoint is a multipart upload', () => {
    expect(uploadFile.upload).toBe(true);
  });

  test('a reply with url, uri and filename parses', () => {
    const url = '/user_uploads/1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip.txt';
    const reply = uploadFile.reply.parse({ msg: '', result: 'success', url, uri: url, filename: 'zulip.txt' });
    expect(reply.url).toBe(url);
  });

  test('a reply from a server before level 272 (only uri) gets url and filename filled in', () => {
    const uri = '/user_uploads/1/4e/m2A3MSqFnWRLUf9SaPzQ0Up_/zulip%20notes.txt';
    const reply = uploadFile.reply.parse({ msg: '', result: 'success', uri });
    expect([reply.url, reply.filename]).toEqual([uri, 'zulip notes.txt']);
  });

  test('a reply with neither url nor uri is rejected at url', () => {
    const result = uploadFile.reply.safeParse({ msg: '', result: 'success', filename: 'zulip.txt' });
    expect(result.error?.issues[0]?.path).toEqual(['url']);
  });

  test('unknown reply fields are kept', () => {
    const reply = uploadFile.reply.parse({ msg: '', result: 'success', url: '/u/x.txt', extra: 1 });
    expect(reply).toHaveProperty('extra', 1);
  });

  test('the link drops square brackets from the file name', () => {
    expect(uploadLinkMarkdown('report [final].pdf', '/user_uploads/1/ab/report.pdf')).toBe(
      '[report final.pdf](/user_uploads/1/ab/report.pdf)',
    );
  });
});
