// Uploading and fetching files over HTTP as upstream clients do (spec 23), for the upload tests.
import { expect } from 'vitest';
import { uploadFile, type UploadFileReply } from '../../shared/api';
import type { ApiClient, ApiResponse, TestServer } from './harness';

/** POST /user_uploads with one file in a multipart body (any field name). */
export function postFile(client: ApiClient, name: string, bytes: Uint8Array | string, options: { type?: string; field?: string } = {}): Promise<ApiResponse> {
  const form = new FormData();
  form.append(options.field ?? 'file', new Blob([bytes], { type: options.type ?? 'text/plain' }), name);
  return client.postMultipart('/user_uploads', form);
}

/** Uploads and returns the reply, parsed with the spec's schema; fails the test if the upload fails. */
export async function uploadAs(client: ApiClient, name: string, bytes: Uint8Array | string, type?: string): Promise<UploadFileReply> {
  const response = await postFile(client, name, bytes, { type });
  expect(response.body).toMatchObject({ result: 'success' });
  return uploadFile.reply.parse(response.body);
}

export interface FetchedFile {
  status: number;
  bytes: Buffer;
  headers: Headers;
}

/** GET a file URL (relative to the server) with the client's Basic credentials, or none. */
export async function fetchFile(server: TestServer, client: ApiClient | null, url: string): Promise<FetchedFile> {
  const headers: Record<string, string> = {};
  if (client?.email && client.apiKey) headers.authorization = `Basic ${Buffer.from(`${client.email}:${client.apiKey}`).toString('base64')}`;
  const response = await fetch(new URL(url, server.url), { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}
