// spec 23: "Initially only the uploader can access the link; sharing requires sending a message
// containing it." Who may fetch /user_uploads/<path_id>, before and after a message links it.
import { beforeAll, describe, expect, test } from 'vitest';
import { withDb } from '../testing/database-file';
import type { ApiClient } from '../testing/harness';
import { demoServerForFile } from '../testing/server-per-file';
import { send } from '../testing/message-requests';
import { fetchFile, uploadAs } from '../testing/upload-requests';

const { server, clients, ids } = demoServerForFile();
let olivia: ApiClient, adam: ApiClient, mona: ApiClient, mark: ApiClient, gina: ApiClient;
beforeAll(() => {
  ({ olivia, adam, mona, mark, gina } = clients);
});

const status = async (client: ApiClient | null, url: string) => (await fetchFile(server, client, url)).status;
const link = (url: string, name = 'file') => `[${name}](${url})`;

describe('before any message links it', () => {
  test('only the uploader can fetch it; anyone else gets 403 with upstream’s text', async () => {
    const { url } = await uploadAs(mark, 'private.txt', 'mine');
    expect(await status(mark, url)).toBe(200);
    const other = await fetchFile(server, olivia, url);
    expect(other.status).toBe(403);
    expect(other.bytes.toString()).toBe('<p>You are not authorized to view this file.</p>');
  });

  test('a request without credentials is refused with 401 UNAUTHORIZED', async () => {
    const { url } = await uploadAs(mark, 'anon.txt', 'mine');
    const file = await fetchFile(server, null, url);
    expect(file.status).toBe(401);
    expect(JSON.parse(file.bytes.toString())).toMatchObject({ result: 'error', code: 'UNAUTHORIZED' });
  });
});

describe('after a message links it', () => {
  test('in a public channel: its subscribers can fetch it', async () => {
    const { url } = await uploadAs(mark, 'shared.txt', 'for all');
    await send(mark, { type: 'channel', to: 'general', topic: 'files', content: `Here: ${link(url)}` });
    expect(await status(mona, url)).toBe(200);
    expect(await status(gina, url)).toBe(200);
  });

  test('in a public channel: members who are not subscribed can too, guests cannot', async () => {
    const { url } = await uploadAs(mark, 'engineering.txt', 'spec');
    await send(mark, { type: 'channel', to: 'engineering', topic: 'files', content: link(url) });
    expect(await status(mona, url)).toBe(200);
    expect(await status(gina, url)).toBe(403);
  });

  test('in a direct message: the participants can fetch it, nobody else', async () => {
    const { url } = await uploadAs(mark, 'dm.txt', 'between us');
    await send(mark, { type: 'direct', to: [ids.person.adam], content: link(url) });
    expect(await status(adam, url)).toBe(200);
    expect(await status(mona, url)).toBe(403);
  });

  test('in a private channel: its subscribers can fetch it, nobody else', async () => {
    const { url } = await uploadAs(adam, 'plan.txt', 'secret plan');
    await send(adam, { type: 'channel', to: 'leadership', topic: 'plans', content: link(url) });
    expect(await status(olivia, url)).toBe(200);
    expect(await status(mark, url)).toBe(403);
  });

  test('an absolute link on this server counts as a link', async () => {
    const { url } = await uploadAs(mark, 'absolute.txt', 'abs');
    await send(mark, { type: 'channel', to: 'general', topic: 'files', content: `see ${server.url}${url}` });
    expect(await status(mona, url)).toBe(200);
  });

  test('a path in a code span is not a link and shares nothing', async () => {
    const { url } = await uploadAs(mark, 'code.txt', 'not shared');
    await send(mark, { type: 'channel', to: 'general', topic: 'files', content: `\`${url}\`` });
    expect(await status(mona, url)).toBe(403);
  });

  test('a link to a file whose name goes beyond ASCII shares it', async () => {
    const { url } = await uploadAs(mark, 'résumé.txt', 'cv');
    await send(mark, { type: 'channel', to: 'general', topic: 'files', content: link(url) });
    expect(await status(mona, encodeURI(url))).toBe(200);
  });
});

describe('sharing again', () => {
  test('someone who may see the file can share it further, as upstream allows', async () => {
    const { url } = await uploadAs(mark, 'reshare.txt', 'passed on');
    await send(mark, { type: 'direct', to: [ids.person.adam], content: link(url) });
    await send(adam, { type: 'channel', to: 'general', topic: 'files', content: link(url) });
    expect(await status(mona, url)).toBe(200);
  });

  test('someone who may not see the file shares nothing by linking it', async () => {
    const { url } = await uploadAs(mark, 'guarded.txt', 'not yours');
    await send(adam, { type: 'channel', to: 'general', topic: 'files', content: link(url) });
    expect(await status(mona, url)).toBe(403);
    expect(await status(adam, url)).toBe(403);
  });
});

describe('without credentials (spectators)', () => {
  test('a file linked in a web-public channel is served when the organization allows public access', async () => {
    withDb(server, (db) => {
      db.prepare('UPDATE realm SET enable_spectator_access = 1, web_public_streams_enabled = 1').run();
      db.prepare('UPDATE streams SET is_web_public = 1 WHERE id = ?').run(ids.channel.design);
    });
    try {
      const shared = await uploadAs(mark, 'public.txt', 'for the world');
      const kept = await uploadAs(mark, 'kept.txt', 'only in general');
      await send(mark, { type: 'channel', to: 'design', topic: 'files', content: link(shared.url) });
      await send(mark, { type: 'channel', to: 'general', topic: 'files', content: link(kept.url) });
      expect(await status(null, shared.url)).toBe(200);
      expect(await status(null, kept.url)).toBe(401);
    } finally {
      withDb(server, (db) => {
        db.prepare('UPDATE realm SET enable_spectator_access = 0, web_public_streams_enabled = 0').run();
        db.prepare('UPDATE streams SET is_web_public = 0 WHERE id = ?').run(ids.channel.design);
      });
    }
  });
});
