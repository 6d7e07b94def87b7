// Types for pino-roll (it ships none): the rotating log file both Node processes write, the console
// core (electron/core/logging/) and the sandbox server (server/log-file.ts). Only what they use.
declare module 'pino-roll' {
  interface PinoRollOptions {
    /** The file's path without its number and extension: `logs/console` gives logs/console.1.log. */
    file: string;
    extension?: string;
    /** Rotate past this size ('5m', '100k'). */
    size?: string | number;
    frequency?: 'daily' | 'hourly' | number;
    /** How many older files to keep beside the current one. */
    limit?: { count: number; removeOtherLogFiles?: boolean };
    mkdir?: boolean;
    /** Write each line before returning (sonic-boom's sync mode). */
    sync?: boolean;
  }

  /** The sonic-boom stream pino-roll returns, as far as pino and the callers use it. */
  interface RollingFile extends NodeJS.EventEmitter {
    readonly file: string;
    write(data: string): boolean;
    flushSync(): void;
    end(): void;
  }

  export default function pinoRoll(options: PinoRollOptions): Promise<RollingFile>;
}
