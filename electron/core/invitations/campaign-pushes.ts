// A campaign's job.progress pushes to the renderer: a change of status goes at once, the rest (each
// batch's outcomes) at most every `intervalMs`, so a fast campaign does not flood the screen.
import type { CampaignSummary, Push } from '../../../shared/ipc';
import { progressOf } from './campaign-report';
import type { CampaignRecord } from './campaign-record';

export interface ProgressPushesOptions {
  push(message: Push): void;
  /** The summary to push, as of now (with the runner's time left). */
  summary(record: CampaignRecord): CampaignSummary;
  /** True once nothing more may be pushed (a simulated crash). */
  abandoned(): boolean;
  now(): number;
  intervalMs: number;
}

export class ProgressPushes {
  private readonly last = new Map<string, { at: number; timer: ReturnType<typeof setTimeout> | null }>();

  constructor(private readonly options: ProgressPushesOptions) {}

  /** Pushes job.progress: status changes at once, the rest at most every `intervalMs`. */
  changed(record: CampaignRecord, statusChanged: boolean): void {
    const { options } = this;
    if (options.abandoned()) return;
    const entry = this.last.get(record.id) ?? { at: -Infinity, timer: null };
    this.last.set(record.id, entry);
    const send = () => {
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      entry.at = options.now();
      if (!options.abandoned()) options.push({ kind: 'job.progress', account: record.account, job: progressOf(options.summary(record)) });
    };
    const wait = entry.at + options.intervalMs - options.now();
    if (statusChanged || wait <= 0) send();
    else if (!entry.timer) {
      entry.timer = setTimeout(send, wait);
      entry.timer.unref?.();
    }
  }

  /** Drops the pushes still waiting: the console is closing. */
  clear(): void {
    for (const entry of this.last.values()) if (entry.timer) clearTimeout(entry.timer);
    this.last.clear();
  }
}
