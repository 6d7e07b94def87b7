// Errors the core throws. The router turns each into an IPC error envelope that keeps its code and
// extra fields, so a screen can show INVITATION_FAILED's addresses or STREAM_DOES_NOT_EXIST's ID.
import type { ConsoleErrorCode, IpcError } from '../../shared/ipc';

export class ConsoleError extends Error {
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(code: ConsoleErrorCode | string, msg: string, extra: Record<string, unknown> = {}) {
    super(msg);
    this.name = 'ConsoleError';
    this.code = code;
    this.extra = extra;
  }

  toIpcError(): IpcError {
    // Extra fields never overwrite the code and message.
    return { ...this.extra, code: this.code, msg: this.message };
  }
}
