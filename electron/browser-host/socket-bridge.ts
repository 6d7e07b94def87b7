// The contract over one WebSocket: the page sends `{ id, channel, input }` and gets `{ id, result }`
// (the router's envelope, success or typed error); every push arrives as `{ push }`. A frame the host
// cannot even correlate (not JSON, no id) gets `{ error }` back and nothing else happens.
import type { RawData, WebSocket } from 'ws';
import { CONSOLE_ERROR_CODES, type IpcError, type IpcResult } from '../../shared/ipc';
import type { Core } from '../core/core';
import type { Sender } from '../core/router';
import { errorMessage } from '../../shared/node/error-message';

const MAX_ID_LENGTH = 100;

export type CallId = string | number;

export function serveSocket(socket: WebSocket, core: Core, sender: Sender): void {
  const send = (frame: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const unsubscribe = core.subscribe((push) => send({ push }));
  socket.on('close', unsubscribe);
  // Oversized frames and protocol errors arrive here, then the socket closes; the host lives on.
  socket.on('error', () => undefined);
  socket.on('message', (data, isBinary) => {
    const call = parseCall(data, isBinary);
    if ('error' in call) {
      send(call);
      return;
    }
    void answer(core, call, sender).then((result) => send({ id: call.id, result }));
  });
}

interface Call {
  id: CallId;
  channel: unknown;
  input: unknown;
}

function parseCall(data: RawData, isBinary: boolean): Call | { error: IpcError } {
  if (isBinary) return malformed('the bridge accepts text frames only.');
  let frame: unknown;
  try {
    frame = JSON.parse(rawText(data));
  } catch {
    return malformed('the frame is not JSON.');
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) return malformed('the frame is not an object.');
  const { id, channel, input } = frame as Record<string, unknown>;
  const validId = (typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH) || Number.isSafeInteger(id);
  if (!validId) return malformed('the frame has no id (a short string or a whole number).');
  // The channel and input are the router's to judge: it answers with UNKNOWN_CHANNEL or INVALID_INPUT.
  return { id: id as CallId, channel, input };
}

async function answer(core: Core, call: Call, sender: Sender): Promise<IpcResult<unknown>> {
  try {
    return await core.router.handle(call.channel, call.input, sender);
  } catch (error) {
    // The router promises never to throw; if it ever does, the page still gets an answer.
    const detail = errorMessage(error);
    return { ok: false, error: { code: CONSOLE_ERROR_CODES.INTERNAL, msg: `The console core failed to answer: ${detail}` } };
  }
}

function malformed(why: string): { error: IpcError } {
  return { error: { code: CONSOLE_ERROR_CODES.INVALID_INPUT, msg: `The browser host could not read a message from the page: ${why}` } };
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}
