// The reliability matrix's rows for channel folders (electron/core/testing/matrix-row.ts): creating a
// folder (folders.create), renaming and describing one (folders.update), reordering them
// (folders.reorder), and a job moving two channels into a folder (channels.move.*). The server's word
// is GET /channel_folders and GET /streams/{id} straight to it; "exactly once" counts the
// `channel_folder` and `stream` events another client's queue received.
import { expect } from 'vitest';
import { getChannelFolders, getStream, type RawEvent } from '../../../../shared/api';
import type { ChannelMove, IpcResult } from '../../../../shared/ipc';
import type { FaultConsole } from '../../testing/fault-harness';
import { expectWords, row, until, type Told } from '../../testing/matrix-row';

const toldOf = (result: IpcResult<unknown>): Told => (result.ok ? { ok: true, said: [] } : { ok: false, said: [result.error.msg] });

async function foldersOnServer(h: FaultConsole) {
  return (await h.main.direct.call(getChannelFolders, { include_archived: true })).value.channel_folders;
}

type FolderEvent = RawEvent & { type: 'channel_folder'; op: string; channel_folder?: { name: string }; channel_folder_id?: number; data?: Record<string, unknown>; order?: number[] };
const folderEvent = (event: RawEvent): event is FolderEvent => event.type === 'channel_folder';

let made = 0;

// ------------------------------------------------------------------------------------------------
// Creating a folder

interface CreateSubject {
  name: string;
}

const create = async (h: FaultConsole, { name }: CreateSubject) => toldOf(await h.call('folders.create', { account: h.main.accountId, name, description: 'Made by the reliability matrix.' }));
const created = (h: FaultConsole, name: string, since: number) =>
  h.main.watch.count((event) => folderEvent(event) && event.op === 'add' && event.channel_folder?.name === name, since);

export const folderCreate = row<CreateSubject>({
  name: 'folder create',
  writes: { method: 'POST', path: '/api/v1/channel_folders/create' },
  target: (h) => h.main,
  prepare: async () => ({ name: `Matrix folder ${++made}` }),
  run: create,
  retry: create,
  async truthful(h, { name }, told, since) {
    expectWords(told);
    expect((await foldersOnServer(h)).filter((folder) => folder.name === name)).toHaveLength(told.ok ? 1 : 0);
    expect(created(h, name, since)).toBe(told.ok ? 1 : 0);
  },
  async done(h, { name }, since) {
    expect((await foldersOnServer(h)).filter((folder) => folder.name === name)).toHaveLength(1);
    expect(created(h, name, since)).toBe(1);
  },
});

// ------------------------------------------------------------------------------------------------
// Renaming and describing a folder

interface EditSubject {
  folderId: number;
  from: { name: string; description: string };
  to: { name: string; description: string };
}

const edit = async (h: FaultConsole, { folderId, to }: EditSubject) => toldOf(await h.call('folders.update', { account: h.main.accountId, folderId, edit: to }));
const updates = (h: FaultConsole, folderId: number, field: string, since: number) =>
  h.main.watch.count((event) => folderEvent(event) && event.op === 'update' && event.channel_folder_id === folderId && event.data?.[field] !== undefined, since);

async function folderOnServer(h: FaultConsole, folderId: number) {
  const folder = (await foldersOnServer(h)).find((each) => each.id === folderId);
  if (!folder) throw new Error(`folder ${folderId} is gone from the server`);
  return { name: folder.name, description: folder.description };
}

export const folderEdit = row<EditSubject>({
  name: 'folder edit',
  writes: { method: 'PATCH', path: /^\/api\/v1\/channel_folders\/\d+$/ },
  target: (h) => h.main,
  async prepare(h, index) {
    const folderId = [...h.state().folders.values()].filter((folder) => !folder.is_archived).sort((a, b) => a.id - b.id)[0]?.id;
    if (folderId === undefined) throw new Error('the demo has no folder');
    return { folderId, from: await folderOnServer(h, folderId), to: { name: `Matrix renamed ${index}-${++made}`, description: `Described in scenario ${index}.` } };
  },
  run: edit,
  retry: edit,
  async truthful(h, subject, told, since) {
    expectWords(told);
    expect(await folderOnServer(h, subject.folderId)).toEqual(told.ok ? subject.to : subject.from);
    expect(updates(h, subject.folderId, 'name', since)).toBe(told.ok ? 1 : 0);
    expect(updates(h, subject.folderId, 'description', since)).toBe(told.ok ? 1 : 0);
  },
  async done(h, subject, since) {
    expect(await folderOnServer(h, subject.folderId)).toEqual(subject.to);
    expect(updates(h, subject.folderId, 'name', since)).toBe(1);
    expect(updates(h, subject.folderId, 'description', since)).toBe(1);
  },
});

// ------------------------------------------------------------------------------------------------
// Reordering the folders

interface ReorderSubject {
  from: number[];
  to: number[];
}

const reorder = async (h: FaultConsole, { to }: ReorderSubject) => toldOf(await h.call('folders.reorder', { account: h.main.accountId, order: to }));
const reorders = (h: FaultConsole, order: number[], since: number) =>
  h.main.watch.count((event) => folderEvent(event) && event.op === 'reorder' && JSON.stringify(event.order) === JSON.stringify(order), since);

export const folderReorder = row<ReorderSubject>({
  name: 'folder reorder',
  writes: { method: 'PATCH', path: '/api/v1/channel_folders' },
  target: (h) => h.main,
  async prepare(h) {
    const from = (await foldersOnServer(h)).map((folder) => folder.id);
    if (from.length < 2) throw new Error('the demo has fewer than two folders');
    // The last folder moves first: a new order every scenario.
    return { from, to: [from[from.length - 1]!, ...from.slice(0, -1)] };
  },
  run: reorder,
  retry: reorder,
  async truthful(h, subject, told, since) {
    expectWords(told);
    expect((await foldersOnServer(h)).map((folder) => folder.id)).toEqual(told.ok ? subject.to : subject.from);
    expect(reorders(h, subject.to, since)).toBe(told.ok ? 1 : 0);
  },
  async done(h, subject, since) {
    expect((await foldersOnServer(h)).map((folder) => folder.id)).toEqual(subject.to);
    expect(reorders(h, subject.to, since)).toBe(1);
  },
});

// ------------------------------------------------------------------------------------------------
// Moving channels into a folder (a job)

const MOVED_CHANNELS = ['engineering', 'general'];

interface MoveSubject {
  streamIds: number[];
  from: Map<number, number | null>;
  to: number | null;
  jobId: string | null;
}

async function folderOfChannel(h: FaultConsole, streamId: number): Promise<number | null> {
  return (await h.main.direct.call(getStream, { stream_id: streamId })).value.stream.folder_id ?? null;
}

const moves = (h: FaultConsole, streamId: number, since: number) => h.main.watch.channelChanges(streamId, 'folder_id', since);

async function finishedMove(h: FaultConsole, started: ChannelMove, subject: MoveSubject): Promise<Told> {
  subject.jobId = started.id;
  const job = await until(async () => {
    const each = await h.value<ChannelMove>('channels.move.get', { account: h.main.accountId, jobId: started.id });
    return each.finishedAt !== null && each;
  }, `channel move ${started.id} to finish`);
  const failed = job.results.filter((result) => result.outcome !== 'moved');
  return { ok: failed.length === 0, said: failed.map((result) => result.reason ?? '') };
}

export const channelMoveJob = row<MoveSubject>({
  name: 'channels moved into a folder',
  writes: { method: 'PATCH', path: /^\/api\/v1\/streams\/\d+$/ },
  target: (h) => h.main,
  async prepare(h) {
    const streamIds = MOVED_CHANNELS.map((name) => {
      const channel = [...h.state().channels.values()].find((each) => each.name === name);
      if (!channel) throw new Error(`the demo has no #${name}`);
      return channel.stream_id;
    });
    const from = new Map<number, number | null>();
    for (const id of streamIds) from.set(id, await folderOfChannel(h, id));
    // A folder neither channel is in now (or out of every folder).
    const candidates: (number | null)[] = [...(await foldersOnServer(h)).filter((folder) => !folder.is_archived).map((folder) => folder.id), null];
    const to = candidates.find((candidate) => ![...from.values()].includes(candidate));
    if (to === undefined) throw new Error('no folder to move the channels into');
    return { streamIds, from, to, jobId: null };
  },
  async run(h, subject) {
    return finishedMove(h, await h.value<ChannelMove>('channels.move.start', { account: h.main.accountId, channelIds: subject.streamIds, folderId: subject.to }), subject);
  },
  async retry(h, subject) {
    return finishedMove(h, await h.value<ChannelMove>('channels.move.retry', { account: h.main.accountId, jobId: subject.jobId }), subject);
  },
  async truthful(h, subject, told, since) {
    expectWords(told);
    const job = await h.value<ChannelMove>('channels.move.get', { account: h.main.accountId, jobId: subject.jobId });
    for (const result of job.results) {
      const moved = result.outcome === 'moved';
      expect({ channel: result.channelId, folder: await folderOfChannel(h, result.channelId) }).toEqual({ channel: result.channelId, folder: moved ? subject.to : subject.from.get(result.channelId) });
      expect({ channel: result.channelId, events: moves(h, result.channelId, since) }).toEqual({ channel: result.channelId, events: moved ? 1 : 0 });
    }
  },
  async done(h, { streamIds, to }, since) {
    for (const id of streamIds) {
      expect({ channel: id, folder: await folderOfChannel(h, id) }).toEqual({ channel: id, folder: to });
      expect({ channel: id, events: moves(h, id, since) }).toEqual({ channel: id, events: 1 });
    }
  },
});
