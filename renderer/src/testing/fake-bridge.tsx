// The renderer's real boundary in tests: a bridge on window, as the preload (or browser mode) puts
// it there, answering each channel with canned replies and pushing what a test tells it to.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BRIDGE_GLOBAL, type Bridge, type ChannelInput, type ChannelName, type ChannelOutput, type IpcError, type Push } from '../../../shared/ipc';
import { createQueryClient } from '../queries/client';

type Reply<K extends ChannelName> = ChannelOutput<K> | { error: IpcError };
type Answer<K extends ChannelName> = (input: ChannelInput<K>) => Reply<K> | Promise<Reply<K>>;
export type Answers = { [K in ChannelName]?: Answer<K> };

export interface FakeBridge {
  calls: { channel: ChannelName; input: unknown }[];
  callsTo(channel: ChannelName): unknown[];
  push(push: Push): void;
}

/** A canned failure is an object with `error` alone (some outputs have an `error` field of their own). */
function isFailure(reply: unknown): reply is { error: IpcError } {
  return typeof reply === 'object' && reply !== null && Object.keys(reply).length === 1 && 'error' in reply;
}

export function installFakeBridge(answers: Answers): FakeBridge {
  const listeners = new Set<(push: Push) => void>();
  const calls: FakeBridge['calls'] = [];
  const bridge: Bridge = {
    call: async (channel, input) => {
      calls.push({ channel, input });
      const answer = answers[channel] as Answer<typeof channel> | undefined;
      if (!answer) return { ok: false, error: { code: 'INTERNAL', msg: `The fake bridge has no answer for ${channel}.` } };
      const reply = await answer(input);
      if (isFailure(reply)) return { ok: false, error: reply.error };
      // A copy, as IPC delivers: the page never shares objects with the core.
      return { ok: true, value: structuredClone(reply) as ChannelOutput<typeof channel> };
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  window[BRIDGE_GLOBAL] = bridge;
  return {
    calls,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    push: (push) => listeners.forEach((listener) => listener(push)),
  };
}

export function removeFakeBridge() {
  delete window[BRIDGE_GLOBAL];
}

/** Renders with the app's own query client settings (retries and all). */
export function renderWithQueries(ui: ReactNode, client: QueryClient = createQueryClient()) {
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}
