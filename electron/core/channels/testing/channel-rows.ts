// The reliability matrix's rows for channels (electron/core/testing/matrix-row.ts): one channel's
// description changed through channels.update, as the editor sends it, and a permission matrix job
// (channels.batch.*) moving a group setting of two channels. The server's word is GET
// /streams/{id} straight to it; "exactly once" counts the property's `stream` update events another
// client's queue received, and the PATCH requests that reached the server.
import { expect } from 'vitest';
import { getStream, type GroupSettingValue } from '../../../../shared/api';
import type { ChannelBatch, IpcResult } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';

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

const SETTING = 'can_add_subscribers_group';
const BULK_CHANNELS = ['engineering', 'general'];

interface BulkSubject {
  streamIds: number[];
  from: Map<number, GroupSettingValue>;
  to: number;
  fromLog: number;
  batchId: string | null;
}

function systemGroup(h: FaultConsole, name: string): number {
  const group = [...h.state().groups.values()].find((each) => each.name === name);
  if (!group) throw new Error(`the demo has no ${name} group`);
  return group.id;
}

async function settingOnServer(h: FaultConsole, streamId: number): Promise<GroupSettingValue> {
  return (await h.main.direct.call(getStream, { stream_id: streamId })).value.stream[SETTING] as GroupSettingValue;
}

async function finishedBatch(h: FaultConsole, started: ChannelBatch): Promise<ChannelBatch> {
  return until(async () => {
    const batch = await h.value<ChannelBatch>('channels.batch.get', { account: h.main.accountId, batchId: started.id });
    return batch.finishedAt !== null && batch;
  }, `channel batch ${started.id} to finish`);
}

function toldOfBatch(batch: ChannelBatch, subject: BulkSubject): Told {
  subject.batchId = batch.id;
  const failed = batch.results.filter((result) => result.outcome !== 'changed');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? '') };
}

export const channelMatrixJob = row<BulkSubject>({
  name: 'permission matrix job',
  writes: { method: 'PATCH', path: /^\/api\/v1\/streams\/\d+$/ },
  target: (h) => h.main,
  async prepare(h) {
    const streamIds = BULK_CHANNELS.map((name) => {
      const channel = [...h.state().channels.values()].find((each) => each.name === name);
      if (!channel) throw new Error(`the demo has no #${name}`);
      return channel.stream_id;
    });
    const from = new Map<number, GroupSettingValue>();
    for (const id of streamIds) from.set(id, await settingOnServer(h, id));
    // Each scenario moves the setting to the system group the first channel does not have now.
    const administrators = systemGroup(h, 'role:administrators');
    const to = from.get(streamIds[0]!) === administrators ? systemGroup(h, 'role:moderators') : administrators;
    return { streamIds, from, to, fromLog: h.main.proxy.log.length, batchId: null };
  },
  async run(h, subject) {
    const column = { property: SETTING, value: subject.to, cells: subject.streamIds.map((id) => [id, subject.from.get(id)]) };
    const started = await h.value<ChannelBatch>('channels.batch.start', { account: h.main.accountId, columns: [column] });
    return toldOfBatch(await finishedBatch(h, started), subject);
  },
  async retry(h, subject) {
    const started = await h.value<ChannelBatch>('channels.batch.retry', { account: h.main.accountId, batchId: subject.batchId, which: 'failed' });
    return toldOfBatch(await finishedBatch(h, started), subject);
  },
  async truthful(h, subject, told, since) {
    expectWords(told);
    const batch = await h.value<ChannelBatch>('channels.batch.get', { account: h.main.accountId, batchId: subject.batchId });
    for (const result of batch.results) {
      const changed = result.outcome === 'changed';
      expect({ channel: result.channelId, value: await settingOnServer(h, result.channelId) }).toEqual({ channel: result.channelId, value: changed ? subject.to : subject.from.get(result.channelId) });
      expect(h.main.watch.channelChanges(result.channelId, SETTING, since)).toBe(changed ? 1 : 0);
      expect(patchesReaching(h, result.channelId, subject.fromLog)).toBeLessThanOrEqual(1);
    }
  },
  async done(h, { streamIds, to }, since) {
    for (const id of streamIds) {
      expect({ channel: id, value: await settingOnServer(h, id) }).toEqual({ channel: id, value: to });
      expect(h.main.watch.channelChanges(id, SETTING, since)).toBe(1);
    }
  },
});
