// The reliability matrix's row for a channel edit (electron/core/testing/matrix-row.ts): one channel's
// description changed through channels.update, as the editor sends it. The server's word is GET
// /streams/{id} straight to it; "exactly once" counts the description's `stream` update events another
// client's queue received, and the PATCH requests that reached the server.
import { expect } from 'vitest';
import { getStream } from '../../../../shared/api';
import type { IpcResult } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, type Told } from '../../testing/matrix-row';

const CHANNEL = 'design';

function designId(h: FaultConsole): number {
  const channel = [...h.state().channels.values()].find((each) => each.name === CHANNEL);
  if (!channel) throw new Error(`the demo has no #${CHANNEL}`);
  return channel.stream_id;
}

async function descriptionOnServer(h: FaultConsole, streamId: number): Promise<string> {
  return (await h.main.direct.call(getStream, { stream_id: streamId })).value.stream.description;
}

function patchesReaching(h: FaultConsole, streamId: number, fromLog: number): number {
  return h.main.proxy.log.slice(fromLog).filter((request) => request.forwarded && request.method === 'PATCH' && request.path === `/api/v1/streams/${streamId}`).length;
}

interface EditSubject {
  streamId: number;
  from: string;
  to: string;
  fromLog: number;
}

async function edit(h: FaultConsole, { streamId, from, to }: EditSubject): Promise<Told> {
  const result: IpcResult<unknown> = await h.call('channels.update', { account: h.main.accountId, channelId: streamId, change: { property: 'description', value: to, old: from } });
  return result.ok ? { ok: true, said: [] } : { ok: false, said: [result.error.msg] };
}

let scenarios = 0;

export const channelEdit = row<EditSubject>({
  name: 'channel edit',
  writes: { method: 'PATCH', path: /^\/api\/v1\/streams\/\d+$/ },
  target: (h) => h.main,
  async prepare(h) {
    const streamId = designId(h);
    scenarios += 1;
    return { streamId, from: await descriptionOnServer(h, streamId), to: `Design reviews, scenario ${scenarios}.`, fromLog: h.main.proxy.log.length };
  },
  run: edit,
  retry: edit,
  async truthful(h, subject, told, since) {
    expectWords(told);
    expect(await descriptionOnServer(h, subject.streamId)).toBe(told.ok ? subject.to : subject.from);
    expect(h.main.watch.channelChanges(subject.streamId, 'description', since)).toBe(told.ok ? 1 : 0);
    expect(patchesReaching(h, subject.streamId, subject.fromLog)).toBeLessThanOrEqual(1);
  },
  async done(h, { streamId, to }, since) {
    expect(await descriptionOnServer(h, streamId)).toBe(to);
    expect(h.main.watch.channelChanges(streamId, 'description', since)).toBe(1);
  },
});
