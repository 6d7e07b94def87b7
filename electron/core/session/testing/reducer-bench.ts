// Prints how fast the reducer is on a large realm: `npx tsx electron/core/session/testing/reducer-bench.ts`.
// Starts a sandbox with the large seed (20,000 users, 2,000 channels), registers as the session does,
// then applies events one at a time. A figure to watch, never a test assertion (docs/style.md, "Tests").
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../../testing/sandbox';
import { parseEvent, type Event } from '../../../../shared/api';
import { realmStateFromRegister } from '../realm-state';
import { applyEvent } from '../reducer';
import { clientFor, freshRegister } from './session-harness';

const ms = (start: number) => `${(performance.now() - start).toFixed(1)} ms`;
const event = (raw: Record<string, unknown>, id: number) => {
  const parsed = parseEvent({ id, ...raw });
  if (!parsed.success || parsed.data.kind !== 'known') throw new Error('bad event');
  return parsed.data.event;
};

console.log('starting a sandbox with --seed large ...');
const sandbox = await startSandbox({ seed: 'large' });
try {
  const client = await clientFor(sandbox.url, 'olivia@sandbox.test');
  let start = performance.now();
  const reply = await freshRegister(client, 'moderation');
  console.log(`POST /register (with subscribers): ${ms(start)}`);
  start = performance.now();
  let state = realmStateFromRegister(reply);
  console.log(`state from the snapshot: ${ms(start)} (${state.users.size} users, ${state.channels.size} channels, ${state.groups.size} groups)`);

  const userIds = state.users.ids();
  const channelIds = state.channels.ids();
  const rounds = 2_000;
  const kinds: [string, (i: number) => Event][] = [
    ['realm_user update (role)', (i) => event({ type: 'realm_user', op: 'update', person: { user_id: userIds[i % userIds.length], role: i % 2 ? 300 : 400 } }, i)],
    ['stream update (description)', (i) => event({ type: 'stream', op: 'update', stream_id: channelIds[i % channelIds.length], name: 'x', property: 'description', value: `d${i}` }, i)],
    ['subscription peer_add', (i) => event({ type: 'subscription', op: 'peer_add', stream_ids: [channelIds[i % channelIds.length]], user_ids: [userIds[(i * 7) % userIds.length]] }, i)],
    ['user_group add_members', (i) => event({ type: 'user_group', op: 'add_members', group_id: state.groups.ids()[5], user_ids: [userIds[i % userIds.length]] }, i)],
  ];
  for (const [name, make] of kinds) {
    const events = Array.from({ length: rounds }, (_, i) => make(i));
    start = performance.now();
    for (const next of events) state = applyEvent(state, next).state;
    const total = performance.now() - start;
    console.log(`${name}: ${((total / rounds) * 1000).toFixed(1)} µs per event (${rounds} events, ${total.toFixed(0)} ms)`);
  }
  start = performance.now();
  const copy = new Map([...state.users].map(([id, user]) => [id, user]));
  console.log(`for comparison, copying the users into a new Map once: ${ms(start)} (${copy.size} entries)`);
} finally {
  await sandbox.close();
}
