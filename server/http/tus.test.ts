// spec 23's resumable endpoint /api/v1/tus, driven by a real tus client (tus-js-client) and by raw tus
// requests: chunked uploads, resuming, authentication, the size limit, and the finished file served
// at /user_uploads like any other upload.
import { randomBytes } from 'node:crypto';
import { Upload, type HttpResponse } from 'tus-js-client';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ApiClient } from '../testing/harness';
import { demoServerForFile } from '../testing/server-per-file';
import { send } from '../testing/message-requests';
import { fetchFile } from '../testing/upload-requests';

const { server, clients } = demoServerForFile({ config: { maxFileUploadSizeMib: 1 } });
let mark: ApiClient, mona: ApiClient;
beforeAll(() => {
  ({ mark, mona } = clients);
});

const basic = (client: ApiClient) => `Basic ${Buffer.from(`${client.email ?? ''}:${client.apiKey ?? ''}`).toString('base64')}`;
const tusUrl = () => `${server.url}/api/v1/tus`;

interface TusOutcome {
  response: HttpResponse;
  chunks: number;
}

/** Uploads with tus-js-client in chunks of `chunkSize` bytes; resolves with the last response. */
function tusUpload(client: ApiClient | null, data: Buffer, metadata: Record<string, string>, chunkSize: number): Promise<TusOutcome> {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    const upload = new Upload(data, {
      endpoint: tusUrl(),
      chunkSize,
      metadata,
      headers: client ? { Authorization: basic(client) } : {},
      retryDelays: null,
      onChunkComplete: () => chunks++,
      onSuccess: ({ lastResponse }) => resolve({ response: lastResponse, chunks }),
      onError: reject,
    });
    upload.start();
  });
}

/** A raw tus request (protocol 1.0.0) with the client's credentials. */
function tusRequest(client: ApiClient | null, method: string, url: string, headers: Record<string, string> = {}, body?: Buffer): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'Tus-Resumable': '1.0.0', ...(client ? { Authorization: basic(client) } : {}), ...headers },
    body,
  });
}

/** Creates an upload of `length` bytes and returns its absolute URL. */
async function createUpload(client: ApiClient, length: number, filename = 'raw.bin'): Promise<string> {
  const response = await tusRequest(client, 'POST', tusUrl(), {
    'Upload-Length': String(length),
    'Upload-Metadata': `filename ${Buffer.from(filename).toString('base64')}`,
  });
  expect(response.status).toBe(201);
  return new URL(response.headers.get('location') ?? '', tusUrl()).href;
}

const patch = (client: ApiClient, url: string, offset: number, bytes: Buffer) =>
  tusRequest(client, 'PATCH', url, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, bytes);

describe('a chunked upload with a tus client', () => {
  test('arrives whole, in several chunks, and is served at the url the last response gives', async () => {
    const data = randomBytes(100_000);
    const { response, chunks } = await tusUpload(mark, data, { filename: 'data set.bin', filetype: 'application/x-sandbox' }, 16_384);
    expect(chunks).toBe(7);
    const { url, filename } = JSON.parse(response.getBody()) as { url: string; filename: string };
    expect(url).toMatch(/^\/user_uploads\/1\/[A-Za-z0-9]{24}\/data-set\.bin$/);
    expect(filename).toBe('data set.bin');
    const file = await fetchFile(server, mark, url);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(data)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/x-sandbox');
  });

  test('the finished file is shared like any upload: others may fetch it once a message links it', async () => {
    const { response } = await tusUpload(mark, Buffer.from('tus shared'), { filename: 'shared.txt' }, 4);
    const { url } = JSON.parse(response.getBody()) as { url: string };
    expect((await fetchFile(server, mona, url)).status).toBe(403);
    await send(mark, { type: 'channel', to: 'general', topic: 'tus', content: `[shared.txt](${url})` });
    expect((await fetchFile(server, mona, url)).bytes.toString()).toBe('tus shared');
  });

  test('is refused without credentials', async () => {
    await expect(tusUpload(null, Buffer.from('x'), { filename: 'x.txt' }, 1024)).rejects.toThrow(/response code: 401/);
  });
});

describe('the protocol, request by request', () => {
  test('an interrupted upload resumes from the offset HEAD reports; the completing PATCH answers url and filename', async () => {
    const url = await createUpload(mark, 10, 'resumed.txt');
    expect((await patch(mark, url, 0, Buffer.from('0123'))).status).toBe(204);
    const head = await tusRequest(mark, 'HEAD', url);
    expect(head.headers.get('upload-offset')).toBe('4');
    const done = await patch(mark, url, 4, Buffer.from('456789'));
    expect(done.status).toBe(200);
    const reply = (await done.json()) as { url: string; filename: string };
    expect(reply.filename).toBe('resumed.txt');
    expect((await fetchFile(server, mark, reply.url)).bytes.toString()).toBe('0123456789');
  });

  test('a request without credentials is refused with upstream’s 401', async () => {
    const response = await tusRequest(null, 'POST', tusUrl(), { 'Upload-Length': '5' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthenticated upload' });
  });

  test('the discovery request (OPTIONS) needs no credentials', async () => {
    const response = await fetch(tusUrl(), { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toContain('1.0.0');
  });

  test('an upload larger than max_file_upload_size_mib is refused with upstream’s 413', async () => {
    const response = await tusRequest(mark, 'POST', tusUrl(), { 'Upload-Length': String(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "File is larger than this server's configured maximum upload size (1 MiB)." });
  });

  test('an upload of unknown length is refused (411), as upstream does', async () => {
    const response = await tusRequest(mark, 'POST', tusUrl(), { 'Upload-Defer-Length': '1' });
    expect(response.status).toBe(411);
    expect(await response.json()).toEqual({ message: 'SizeIsDeferred is not supported' });
  });

  test('someone else’s upload cannot be seen or continued', async () => {
    const url = await createUpload(mark, 4);
    expect((await tusRequest(mona, 'HEAD', url)).status).toBe(404);
    expect((await patch(mona, url, 0, Buffer.from('evil'))).status).toBe(404);
    expect((await tusRequest(mark, 'HEAD', url)).headers.get('upload-offset')).toBe('0');
  });

  test('a finished upload cannot be terminated', async () => {
    const url = await createUpload(mark, 2);
    await patch(mark, url, 0, Buffer.from('ok'));
    expect((await tusRequest(mark, 'DELETE', url)).status).toBe(400);
  });

  test('an unfinished upload can be terminated, and is gone afterwards', async () => {
    const url = await createUpload(mark, 8);
    expect((await tusRequest(mark, 'DELETE', url)).status).toBe(204);
    expect((await tusRequest(mark, 'HEAD', url)).status).toBe(404);
  });
});
