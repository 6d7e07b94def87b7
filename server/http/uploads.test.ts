// spec 23 POST /user_uploads over HTTP: the multipart body, the size limit, the reply, where the file is
// kept, and how it is served back to its uploader.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { error } from '../testing/replies';
import { demoServerForFile } from '../testing/server-per-file';
import { contentDisposition } from './uploads';
import { fetchFile, postFile, uploadAs } from '../testing/upload-requests';

// A small ceiling, so the size tests stay small.
const { server, clients } = demoServerForFile({ config: { maxFileUploadSizeMib: 1 } });
const MiB = 1024 * 1024;
let mark: ApiClient;
beforeAll(() => {
  ({ mark } = clients);
});

describe('uploading', () => {
  test('the reply has url, uri (the same) and filename; the url is /user_uploads/<realm>/<random>/<name>', async () => {
    const reply = await uploadAs(mark, 'notes.txt', 'hello');
    expect(reply.url).toMatch(/^\/user_uploads\/1\/[A-Za-z0-9]{24}\/notes\.txt$/);
    expect(reply.uri).toBe(reply.url);
    expect(reply.filename).toBe('notes.txt');
  });

  test('the bytes are kept in the data directory under uploads/<path_id>, with an attachments row', async () => {
    const bytes = Uint8Array.from([0, 1, 2, 250, 255]);
    const { url } = await uploadAs(mark, 'raw.bin', bytes, 'application/octet-stream');
    const pathId = url.replace('/user_uploads/', '');
    expect([...readFileSync(path.join(server.dataDir, 'uploads', pathId))]).toEqual([...bytes]);
    const row = withDb(server, (db) => db.prepare('SELECT file_name, size, content_type FROM attachments WHERE path_id = ?').get(pathId));
    expect(row).toEqual({ file_name: 'raw.bin', size: 5, content_type: 'application/octet-stream' });
  });

  test('the file may come in a part with any name, as upstream clients name it differently', async () => {
    const response = await postFile(mark, 'any.txt', 'x', { field: 'attachment' });
    expect(response.body).toMatchObject({ result: 'success', filename: 'any.txt' });
  });

  test('the name in the URL is sanitized; the reply keeps the name as uploaded', async () => {
    const reply = await uploadAs(mark, 'Quarterly report (final) [v2]?.txt', 'q');
    expect(reply.url).toMatch(/\/Quarterly-report-final-v2\.txt$/);
    expect(reply.filename).toBe('Quarterly report (final) [v2]?.txt');
  });

  test('letters beyond ASCII stay in the name', async () => {
    const reply = await uploadAs(mark, 'café menü.txt', 'c');
    expect(reply.url).toMatch(/\/café-menü\.txt$/);
  });

  test('a name with nothing usable becomes uploaded-file', async () => {
    const reply = await uploadAs(mark, '???', 'q');
    expect(reply.url).toMatch(/\/uploaded-file$/);
  });

  test('a request without a file is refused with upstream’s text', async () => {
    const form = new FormData();
    form.append('note', 'no file here');
    const response = await mark.postMultipart('/user_uploads', form);
    expect(response.body).toEqual(error('You must specify a file to upload'));
    expect(response.status).toBe(400);
  });

  test('two files at once are refused', async () => {
    const form = new FormData();
    form.append('one', new Blob(['1']), 'one.txt');
    form.append('two', new Blob(['2']), 'two.txt');
    const response = await mark.postMultipart('/user_uploads', form);
    expect(response.body).toEqual(error('You may only upload one file at a time'));
  });

  test('a file larger than max_file_upload_size_mib is refused with upstream’s text', async () => {
    const response = await postFile(mark, 'big.bin', new Uint8Array(MiB + 1));
    expect(response.body).toEqual(error("File is larger than this server's configured maximum upload size (1 MiB)."));
    expect(response.status).toBe(400);
  });

  test('a file of exactly the limit is accepted', async () => {
    const response = await postFile(mark, 'limit.bin', new Uint8Array(MiB));
    expect(response.body).toMatchObject({ result: 'success' });
  });

  test('without credentials the upload is refused as every endpoint refuses', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const response = await server.anonymous().postMultipart('/user_uploads', form);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  test('other form fields are listed as ignored parameters, the file is not', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    form.append('caption', 'hello');
    const response = await mark.postMultipart('/user_uploads', form);
    expect(response.body.ignored_parameters_unsupported).toEqual(['caption']);
  });
});

describe('serving the file back', () => {
  test('the uploader gets the same bytes, with the type it was uploaded with', async () => {
    const { url } = await uploadAs(mark, 'hello.txt', 'hello, world', 'text/plain');
    const file = await fetchFile(server, mark, url);
    expect(file.status).toBe(200);
    expect(file.bytes.toString()).toBe('hello, world');
    expect(file.headers.get('content-type')).toBe('text/plain');
  });

  test('an image is shown in place; a type a browser could run (HTML) is always downloaded', async () => {
    const png = await uploadAs(mark, 'dot.png', 'not really a png', 'image/png');
    const html = await uploadAs(mark, 'page.html', '<script>alert(1)</script>', 'text/html');
    expect((await fetchFile(server, mark, png.url)).headers.get('content-disposition')).toBe('inline; filename="dot.png"');
    expect((await fetchFile(server, mark, html.url)).headers.get('content-disposition')).toBe('attachment; filename="page.html"');
  });

  test('the download variant always downloads', async () => {
    const { url } = await uploadAs(mark, 'dot.png', 'png', 'image/png');
    const file = await fetchFile(server, mark, url.replace('/user_uploads/', '/user_uploads/download/'));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="dot.png"');
  });

  test('a file sent without a type (or the generic application/octet-stream) gets one guessed from its name', async () => {
    const response = await postFile(mark, 'guess.pdf', '%PDF', { type: '' });
    const { url } = response.body as { url: string };
    expect((await fetchFile(server, mark, url)).headers.get('content-type')).toBe('application/pdf');
  });

  test('a name beyond ASCII is served under RFC 5987’s filename*', async () => {
    const { url } = await uploadAs(mark, 'café.txt', 'c');
    const file = await fetchFile(server, mark, encodeURI(url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(contentDisposition(true, 'café.txt'));
    expect(contentDisposition(true, 'café.txt')).toBe("attachment; filename*=utf-8''caf%C3%A9.txt");
  });

  test('an unknown file is 404 with upstream’s text', async () => {
    const file = await fetchFile(server, mark, '/user_uploads/1/AAAAAAAAAAAAAAAAAAAAAAAA/nothing.txt');
    expect(file.status).toBe(404);
    expect(file.bytes.toString()).toBe('<p>This file does not exist or has been deleted.</p>');
  });

  test('files survive a restart', async () => {
    const { url } = await uploadAs(mark, 'kept.txt', 'still here');
    await server.restart();
    const again = await server.as('mark@sandbox.test');
    expect((await fetchFile(server, again, url)).bytes.toString()).toBe('still here');
  });
});
