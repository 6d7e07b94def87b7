// The contract router: one entry point for every IPC call, whichever transport carried it (Electron's
// ipcMain, or browser mode's WebSocket). It checks the sender, validates the input against the
// channel's schema, runs the handler, checks the output, and never throws: every failure becomes a
// typed error envelope.
import { z } from 'zod';
import {
  CONSOLE_ERROR_CODES as CODES,
  isChannelName,
  type ChannelName,
  type Contract,
  type IpcError,
  type IpcResult,
} from '../../shared/ipc';
import { ConsoleError } from './errors';
import { errorMessage } from '../../shared/node/error-message';

/** Who made a call: enough for the shell to decide whether to trust it. */
export interface Sender {
  /** The transport's identity for the caller (a frame's URL, a WebSocket session). */
  readonly origin: string;
  /** Set by the transport once it has checked the caller is the console's own window or session. */
  readonly trusted: boolean;
}

export type Handler<K extends ChannelName, Ctx> = (
  input: z.output<Contract[K]['input']>,
  ctx: Ctx,
) => Promise<z.input<Contract[K]['output']>> | z.input<Contract[K]['output']>;

/** A handler for every channel of the contract: leaving one out does not compile. */
export type Handlers<Ctx> = { [K in ChannelName]: Handler<K, Ctx> };

export interface Router {
  handle(channel: unknown, input: unknown, sender: Sender): Promise<IpcResult<unknown>>;
}

export interface RouterOptions {
  /** Called for failures that are the console's own bugs, so they reach a log. */
  onInternalError?: (channel: string, error: unknown) => void;
}

export function createRouter<Ctx>(
  contract: Contract,
  handlers: Handlers<Ctx>,
  ctx: Ctx,
  options: RouterOptions = {},
): Router {
  return {
    async handle(channel, input, sender) {
      if (!sender.trusted) {
        return failure({ code: CODES.FORBIDDEN_SENDER, msg: 'This request did not come from the Realm Console window, so it was refused.' });
      }
      if (!isChannelName(channel)) {
        return failure({ code: CODES.UNKNOWN_CHANNEL, msg: `There is no console channel named ${describe(channel)}.` });
      }
      const schema = contract[channel];
      const parsed = schema.input.safeParse(input);
      if (!parsed.success) {
        return failure({
          code: CODES.INVALID_INPUT,
          msg: `The request to ${channel} was malformed: ${summarizeIssues(parsed.error.issues)}`,
          issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
        });
      }
      try {
        const handler = handlers[channel] as (input: unknown, ctx: Ctx) => unknown;
        const value = await handler(parsed.data, ctx);
        const checked = checkOutput(schema.output, value);
        if (!checked.success) {
          options.onInternalError?.(channel, checked.error);
          return failure({
            code: CODES.INTERNAL,
            msg: `The console core produced a reply to ${channel} that breaks its own contract: ${summarizeIssues(checked.error.issues)}`,
          });
        }
        return { ok: true, value: checked.data };
      } catch (error) {
        return failure(toIpcError(channel, error, options));
      }
    },
  };
}

/** Up to this many elements, a list in a reply is checked whole; a longer one is checked on a sample. */
export const FULL_CHECK_LIMIT = 2_000;
const SAMPLE_SIZE = 500;

// The output check catches the core's own bugs (a handler building the wrong shape), not bad data: what
// a handler returns is built from state that was validated on its way in (shared/api parses every server
// reply). Checking all of a 100,000-user list cost up to a second before the Users table could paint, so
// a long list is checked on a sample (both ends and evenly spaced elements) and passed on as it is: a
// builder that breaks the contract breaks it for every element, and the sample catches it. The elements
// of such lists must therefore be complete as built (no schema defaults to fill in).
function checkOutput(schema: z.ZodType, value: unknown): { success: true; data: unknown } | { success: false; error: z.ZodError } {
  if (!(schema instanceof z.ZodArray) || !Array.isArray(value) || value.length <= FULL_CHECK_LIMIT) return schema.safeParse(value);
  const length = value.length;
  const sample = new Set([0, length - 1]);
  for (let i = 0; i < SAMPLE_SIZE; i++) sample.add(Math.floor((i * length) / SAMPLE_SIZE));
  for (const index of sample) {
    const element = (schema.element as z.ZodType).safeParse(value[index]);
    if (!element.success) return { success: false, error: new z.ZodError(element.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }))) };
  }
  return { success: true, data: value };
}

function failure(error: IpcError): IpcResult<never> {
  return { ok: false, error };
}

function toIpcError(channel: string, error: unknown, options: RouterOptions): IpcError {
  if (error instanceof ConsoleError) return error.toIpcError();
  options.onInternalError?.(channel, error);
  const detail = errorMessage(error);
  return { code: CODES.INTERNAL, msg: `Something failed inside the console core while handling ${channel}: ${detail}` };
}

function summarizeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 80));
  return `(a ${value === null ? 'null' : typeof value}, not a name)`;
}
