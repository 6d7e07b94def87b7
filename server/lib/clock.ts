// Time is injected so tests can age a queue past its idle limit without waiting ten minutes.
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>;
  /**
   * Runs `run` after `ms` of this clock's time unless the returned function is called first: a timer
   * that is let go of when it is no longer needed (a long-poll's heartbeat, once the poll is answered).
   */
  after(ms: number, run: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** A clock that moves only when told to; sleepers wake when their time is reached. */
export class ManualClock implements Clock {
  private time: number;
  private sleepers: { until: number; wake: () => void }[] = [];

  constructor(start = Date.UTC(2026, 0, 15, 12)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.sleepers.push({ until: this.time + ms, wake });
    });
  }

  after(ms: number, run: () => void): () => void {
    const sleeper = { until: this.time + ms, wake: run };
    this.sleepers.push(sleeper);
    return () => {
      this.sleepers = this.sleepers.filter((other) => other !== sleeper);
    };
  }

  /** Timers and sleepers not yet woken (a test's check that nothing is left waiting). */
  get pending(): number {
    return this.sleepers.length;
  }

  /** Moves time forward and wakes every sleeper whose time has come. */
  advance(ms: number): void {
    this.time += ms;
    const due = this.sleepers.filter((sleeper) => sleeper.until <= this.time);
    this.sleepers = this.sleepers.filter((sleeper) => sleeper.until > this.time);
    for (const sleeper of due) sleeper.wake();
  }
}

export const seconds = (clock: Clock): number => Math.floor(clock.now() / 1000);
