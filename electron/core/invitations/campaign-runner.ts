// One campaign's sending loop: batches of `batchSize`, one request at a time, the journal written
// before each request and after each reply (campaign-journal.ts). Every way a request can end is
// handled so that no address is lost and none is sent twice:
//   - success: the batch is invited;
//   - INVITATION_FAILED with addresses: those get their outcome in the server's words; if the server
//     sent nothing (an invalid address in the batch), the others stay pending and go again;
//   - the daily or licence limit: the batch is halved until it fits, so the day's allowance is used
//     to the last invitation; then the campaign pauses (daily) or stops (licence);
//   - no reply (network, timeout): the batch stays "in flight" in the journal; the loop waits with
//     backoff and, before sending anything else, asks the server what that batch did
//     (campaign-outcomes.ts invitedByInterruptedBatch). A crash is handled the same way at start-up.
// And before the first batch of each run (a start, a resume, a retry) and after a network pause, the
// addresses still to send are judged again against the organization's pending invitations and users
// (campaign-recheck.ts): someone invited meanwhile, by another administrator say, is not sent a second.
import { getInvites, sendInvites, type Invite } from '../../../shared/api';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { backoffDelay, inWords } from '../session/backoff';
import { JOURNAL_NOT_SAVED } from './campaign-journal';
import type { CampaignRecord } from './campaign-record';
import { applyInvitationFailure, countOutcomes, invitedByInterruptedBatch, readInvitationFailure } from './campaign-outcomes';
import { readRealm, recheckPending } from './campaign-recheck';
import { sendInvitesParams } from './campaign-request';
import { classifyFailure, describePause, describeStop, type Failure, type StopWords } from './campaign-failures';
import { errorMessage } from '../../../shared/node/error-message';
import type { CampaignAddress } from '../../../shared/ipc';

/** Thrown where the service was abandoned (a simulated crash): nothing more is written. */
export class Abandoned extends Error {}

/** Points where tests can act exactly between two steps, as a crash would. */
export interface CampaignHooks {
  /** The batch is journaled as in flight; its request has not left yet. */
  journaledSending?(campaignId: string, emails: readonly string[]): void | Promise<void>;
  /** The server answered (or the request failed); the answer is not journaled yet. */
  answered?(campaignId: string, emails: readonly string[]): void | Promise<void>;
}

export interface RunnerHost {
  client(account: string): ApiClient;
  /** Writes the journal; throws if it cannot (or Abandoned). */
  save(record: CampaignRecord): void;
  /** Something changed; `statusChanged` pushes at once, the rest is throttled. */
  changed(record: CampaignRecord, statusChanged: boolean): void;
  /** The campaign finished, or paused at the daily limit: for the activity log. */
  settled(record: CampaignRecord): void;
  readonly abandoned: boolean;
  now(): number;
  random(): number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  hooks: CampaignHooks;
}

const CANCELLED_REASON = 'Cancelled before it was sent.';

export class CampaignRunner {
  readonly done: Promise<void>;
  private pauseWanted = false;
  private cancelWanted = false;
  private stopWanted = false;
  private ended = false;
  private exited = false;
  private wake = new AbortController();
  /** Shrinks when a limit refuses a batch, so what still fits is sent. */
  private size: number;
  private cursor = 0;
  private failures = 0;
  /**
   * The organization is read again before sending: at every run's start, and after a network pause;
   * not before the first batch of a campaign started just now, whose addresses compose's live check
   * judged against the organization as it is (and a 100,000-member realm's users are not read twice).
   */
  private recheckWanted: boolean;
  /** A reply applied in memory that the journal has not taken yet (see recorded). */
  private unsaved = false;
  /** For the time left: addresses answered, and the time their requests took, since this run began. */
  private answered = 0;
  private activeMs = 0;

  constructor(
    readonly record: CampaignRecord,
    private readonly host: RunnerHost,
    options: { cancel?: boolean } = {},
  ) {
    this.size = record.batchSize;
    this.cancelWanted = options.cancel ?? false;
    this.recheckWanted = !startedJustNow(record, host.now());
    this.done = this.run();
  }

  /** Pauses after the request in flight, if any (a request is never cut off: its fate would be unknown). */
  pause(): void {
    this.pauseWanted = true;
    this.wake.abort();
  }

  cancel(): void {
    this.cancelWanted = true;
    this.wake.abort();
  }

  /** Ends the loop without changing the campaign's status: the console is closing, and resumes it next time. */
  stop(): void {
    this.stopWanted = true;
    this.wake.abort();
  }

  /** Takes back a pause not reached yet, and skips the wait before the next try after a network failure. */
  resume(): void {
    this.pauseWanted = false;
    this.wake.abort();
  }

  /** Seconds left at the pace of this run so far; null until there is a pace. */
  etaSeconds(pending: number): number | null {
    if (this.answered === 0) return null;
    return Math.round(((this.activeMs / this.answered) * pending) / 1000);
  }

  /** False once the loop has ended, however it ended. */
  get active(): boolean {
    return !this.exited;
  }

  private async run(): Promise<void> {
    try {
      await this.loop();
    } catch (error) {
      if (error instanceof Abandoned || this.host.abandoned) return;
      // In memory only: the journal on disk still says what is known, so the next start picks up
      // from there. A journal that could not be written (a full disk, a folder made read-only) pauses
      // the campaign, its message saying what to fix; Resume writes it again, and a batch whose
      // fate the disk did not keep is checked on the server before anything is sent. Anything else
      // is the console's own bug: the campaign stops.
      const message = errorMessage(error);
      if (error instanceof ConsoleError && error.code === JOURNAL_NOT_SAVED) {
        Object.assign(this.record, { status: 'paused', pauseReason: 'disk', detail: message });
      } else Object.assign(this.record, { status: 'stopped', pauseReason: null, detail: message, finishedAt: this.host.now() });
      this.host.changed(this.record, true);
    } finally {
      this.exited = true;
    }
  }

  private async loop(): Promise<void> {
    while (!this.ended) {
      this.checkAlive();
      if (this.stopWanted) return this.unsaved ? this.save() : undefined;
      if (this.cancelWanted) return this.finishCancelled();
      if (this.pauseWanted) return this.pauseFor('user');
      // The batch in flight first: its own invitations must not read as sent by someone else.
      if (this.record.inFlight) {
        await this.settleInFlight();
        continue;
      }
      if (this.recheckWanted) {
        await this.recheck();
        continue;
      }
      const batch = this.nextBatch();
      if (batch.length === 0) return this.finish('done', null);
      await this.send(batch);
    }
  }

  private nextBatch(): number[] {
    const { addresses } = this.record;
    while (this.cursor < addresses.length && addresses[this.cursor]?.outcome !== 'pending') this.cursor++;
    const batch: number[] = [];
    for (let i = this.cursor; i < addresses.length && batch.length < this.size; i++) {
      if (addresses[i]?.outcome === 'pending') batch.push(i);
    }
    return batch;
  }

  private async send(batch: number[]): Promise<void> {
    const emails = batch.map((i) => this.address(i).email);
    const client = this.client();
    if (!client) return;
    this.record.inFlight = { emails, startedAt: this.host.now() };
    this.save();
    await this.host.hooks.journaledSending?.(this.record.id, emails);
    this.checkAlive();
    const started = this.host.now();
    let failure: Failure | null = null;
    try {
      await client.call(sendInvites, sendInvitesParams(this.record.options, emails));
    } catch (error) {
      failure = classifyFailure(error);
    }
    await this.host.hooks.answered?.(this.record.id, emails);
    this.checkAlive();
    const elapsed = this.host.now() - started;
    // Any answer from the server (even a refusal) ends a network pause.
    if (failure === null || failure.kind === 'invitation' || failure.kind === 'refused') this.reachedServer();

    if (failure === null) return this.recorded(batch, elapsed, () => this.mark(batch, 'invited', null));
    switch (failure.kind) {
      case 'invitation': {
        const { body, msg } = failure;
        if (body.daily_limit_reached || body.license_limit_reached) {
          // Nothing was sent. A smaller batch may still fit in what is left of the limit.
          this.record.inFlight = null;
          if (batch.length > 1) {
            this.size = Math.max(1, Math.floor(batch.length / 2));
            return this.save();
          }
          return body.daily_limit_reached ? this.pauseFor('daily_limit') : this.stopWith(describeStop('license', msg, this.record));
        }
        return this.recorded(batch, elapsed, () => applyInvitationFailure(batch.map((i) => this.address(i)), readInvitationFailure(body), msg));
      }
      case 'network':
        // The request may or may not have arrived: the batch stays in flight until the server says.
        return this.waitAfter(failure.msg, null);
      case 'rate':
        // A 429 means the server did not take the request.
        this.record.inFlight = null;
        this.save();
        return this.waitAfter(failure.msg, failure.retryAfterMs);
      case 'refused':
        // An error about the whole request (permissions, a channel): nothing was sent.
        this.record.inFlight = null;
        return this.stopWith(describeStop('refused', failure.msg, this.record, failure.code));
      case 'unknown':
        // A reply the console cannot read: the batch stays in flight and is checked before any retry.
        return this.stopWith(describeStop('unknown', failure.msg, this.record));
    }
  }

  /**
   * Applies a reply to the batch and counts it toward the pace. The journal takes it with its next
   * write, which comes before anything else is sent (the next batch's, or the pause's or the end's):
   * one durable write per batch instead of two, which halves the console's own time per batch (e2e/
   * bench/campaign-throughput.ts). Safe because a crash in between leaves this batch journaled as in
   * flight, and the next start asks the server what it did, as after a crash during the request.
   */
  private recorded(batch: number[], elapsed: number, apply: () => void): void {
    apply();
    this.record.inFlight = null;
    this.answered += batch.length;
    this.activeMs += elapsed;
    this.unsaved = true;
    this.host.changed(this.record, false);
  }

  /**
   * Finds out what the batch journaled as in flight did (see invitedByInterruptedBatch): its
   * addresses with a fresh pending invitation from this user are invited; the rest stay pending and
   * are sent again. Until the server answers, nothing else is sent.
   */
  private async settleInFlight(): Promise<void> {
    const client = this.client();
    if (!this.record.inFlight || !client) return;
    const invites = await this.askServer(async () => (await client.call(getInvites, {})).value.invites, 'unchecked');
    if (!invites) return;
    this.markInvited(invites, ['pending', 'not_attempted']);
    this.cursor = 0;
    this.reachedServer();
    this.save();
    this.host.changed(this.record, false);
  }

  /**
   * Marks the addresses still to send that the organization now says not to (campaign-recheck.ts):
   * invited meanwhile, or with an account now. The journal takes them before anything is sent.
   */
  private async recheck(): Promise<void> {
    const client = this.client();
    if (!client) return;
    const realm = await this.askServer(() => readRealm(client), 'unread');
    if (!realm) return;
    this.recheckWanted = false;
    const verdicts = recheckPending(this.record.addresses, realm, this.record.inviterId);
    for (const [i, verdict] of verdicts) Object.assign(this.address(i), verdict);
    this.reachedServer();
    if (verdicts.size === 0) return;
    this.save();
    this.host.changed(this.record, false);
  }

  /** A read that must answer before anything is sent: null after waiting out the network, or stopping. */
  private async askServer<T>(read: () => Promise<T>, cause: 'unchecked' | 'unread'): Promise<T | null> {
    try {
      const value = await read();
      this.checkAlive();
      return value;
    } catch (error) {
      this.checkAlive();
      const failure = classifyFailure(error);
      if (failure.kind === 'network' || failure.kind === 'rate') await this.waitAfter(failure.msg, failure.kind === 'rate' ? failure.retryAfterMs : null);
      else this.stopWith(describeStop(cause, failure.msg, this.record));
      return null;
    }
  }

  /** After a failure that may pass: paused ('network') while waiting, then the loop tries again. */
  private async waitAfter(msg: string, retryAfterMs: number | null): Promise<void> {
    const delay = retryAfterMs ?? backoffDelay(this.failures, () => this.host.random());
    this.failures++;
    // However long the wait, someone may invite one of the addresses meanwhile.
    this.recheckWanted = true;
    Object.assign(this.record, {
      status: 'paused',
      pauseReason: 'network',
      detail: `${msg} Trying again in ${inWords(delay)}. Nothing is lost, and no address is sent twice.`,
    });
    this.save();
    this.host.changed(this.record, true);
    await this.host.sleep(delay, this.wake.signal);
    this.wake = new AbortController();
  }

  /** A request got through: a network pause is over. */
  private reachedServer(): void {
    this.failures = 0;
    if (this.record.status === 'running') return;
    Object.assign(this.record, { status: 'running', pauseReason: null, detail: null });
    this.host.changed(this.record, true);
  }

  private pauseFor(reason: 'user' | 'daily_limit'): void {
    Object.assign(this.record, { status: 'paused', pauseReason: reason, detail: describePause(reason, this.record) });
    this.end(reason === 'daily_limit');
  }

  private async finishCancelled(): Promise<void> {
    // Best effort: an interrupted batch that did arrive should be reported as invited, not "not sent".
    if (this.record.inFlight) {
      try {
        await this.settleInFlightOnce();
      } catch {
        // Left in flight: a later retry checks it before sending anything.
      }
    }
    this.checkAlive();
    for (const address of this.record.addresses) {
      if (address.outcome === 'pending') Object.assign(address, { outcome: 'not_attempted', reason: CANCELLED_REASON });
    }
    const notSent = countOutcomes(this.record.addresses).not_attempted;
    this.finish('cancelled', `Cancelled. ${notSent} ${notSent === 1 ? 'address was' : 'addresses were'} not sent; "Retry failed" sends them.`);
  }

  private async settleInFlightOnce(): Promise<void> {
    const client = this.client();
    if (!this.record.inFlight || !client) return;
    this.markInvited((await client.call(getInvites, {})).value.invites, ['pending']);
  }

  /** What GET /invites says the batch in flight did: its addresses (with one of `outcomes`) it invited are invited. */
  private markInvited(invites: readonly Invite[], outcomes: readonly CampaignAddress['outcome'][]): void {
    const inFlight = this.record.inFlight;
    if (!inFlight) return;
    const invited = invitedByInterruptedBatch(inFlight, invites, this.record.inviterId);
    for (const address of this.record.addresses) {
      if (outcomes.includes(address.outcome) && invited.has(address.email.toLowerCase())) Object.assign(address, { outcome: 'invited', reason: null });
    }
    this.record.inFlight = null;
  }

  /** Stopped: what is left is not attempted, with the reason in the server's words where it gave some. */
  private stopWith({ detail, reason }: StopWords): void {
    for (const address of this.record.addresses) {
      if (address.outcome === 'pending') Object.assign(address, { outcome: 'not_attempted', reason });
    }
    this.finish('stopped', detail);
  }

  private finish(status: 'done' | 'stopped' | 'cancelled', detail: string | null): void {
    Object.assign(this.record, { status, pauseReason: null, detail, finishedAt: this.host.now() });
    this.end(true);
  }

  private end(settled: boolean): void {
    this.ended = true;
    this.save();
    this.host.changed(this.record, true);
    if (settled) this.host.settled(this.record);
  }

  private client(): ApiClient | null {
    try {
      return this.host.client(this.record.account);
    } catch (error) {
      const msg = error instanceof ConsoleError ? error.message : String(error);
      this.stopWith(describeStop('account', msg, this.record));
      return null;
    }
  }

  private mark(batch: number[], outcome: 'invited' | 'other', reason: string | null): void {
    for (const i of batch) Object.assign(this.address(i), { outcome, reason });
  }

  private address(i: number) {
    const address = this.record.addresses[i];
    if (!address) throw new Error(`campaign ${this.record.id} has no address ${i}`);
    return address;
  }

  private save(): void {
    this.checkAlive();
    this.host.save(this.record);
    this.unsaved = false;
  }

  private checkAlive(): void {
    if (this.host.abandoned) throw new Abandoned();
  }
}

/** How long after its creation a campaign counts as started just now: compose's check still holds. */
const JUST_NOW_MS = 60_000;

/** A campaign on its first run, moments after compose checked it: nothing answered, nothing in flight. */
function startedJustNow(record: CampaignRecord, now: number): boolean {
  return now - record.createdAt < JUST_NOW_MS && !record.inFlight && record.addresses.every((address) => address.outcome === 'pending');
}
