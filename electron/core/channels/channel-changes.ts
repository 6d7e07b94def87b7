// One change to one channel of an account's realm (spec 3, upstream DELETE /streams/{id}), the one
// function both the channel editor and bulk jobs use. Each change carries the value the screen showed
// (`old`): a channel changed meanwhile is a conflict, never overwritten, caught by the core against the
// live state and, for group settings, by the server too (spec 3's `{new, old}`). The rules the screen
// shows are checked first; a change that takes away the user's own administration of the channel is
// made only when the input says the user confirmed it. Every attempt goes to the activity log, with
// the channel's ID so the channel's history can be listed.
import { getStream, type Stream } from '../../../shared/api';
import { CHANNEL_CHANGED, CONFIRMATION_NEEDED, type ChannelChange, type ChannelChangeResult, type ChannelEntry, type ChannelHazard } from '../../../shared/ipc';
import type { AccountService } from '../accounts/accounts';
import type { ApiClient } from '../client/api-client';
import { actorOf } from '../activity/actor';
import type { ActivityLog, NewActivityEntry } from '../activity/activity-log';
import { undoable, type JsonValue } from '../activity/undo-data';
import { ConsoleError } from '../errors';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import type { RealmState } from '../session/realm-state';
import type { RealmSession } from '../session/session';
import type { SessionManager } from '../session-manager';
import { checkChange, hazardOf } from './channel-checks';
import { guardedByServer, sendChange, STALE_OLD_MESSAGE } from './channel-requests';
import { channelEntry, currentValue, sameValue, storedValue, type PropertyValue } from './channel-state';
import { aboutChannel, actionWords, changeDetails, channelChangeFailed, channelLabel, conflictError, propertyWords } from './channel-words';

export interface ChannelChangesOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  /** How long to wait for a change's event before asking the server for the channel. Default 5 s. */
  settleTimeoutMs?: number;
}

export interface ChangeOptions {
  /** The hazards the user confirmed in words. */
  acknowledged?: readonly ChannelHazard[];
  /** Added to the activity log's details ("bulk change"). */
  note?: string;
  /** The bulk job (or undo) the change is part of, for the activity log. */
  jobId?: string;
  /**
   * Compare `old` with the server's value, read just before sending, for a property the server does not
   * guard with `old` itself (channel-requests.ts `guardedByServer`). For a job sent long after its review.
   */
  readServerFirst?: boolean;
}

/** One change in a bulk job: never thrown, always said. */
export type ChannelAttempt =
  | { outcome: 'changed' | 'unchanged' }
  | { outcome: 'conflict'; reason: string; theirs: PropertyValue }
  | { outcome: 'failed'; reason: string; code: string };

interface Applied {
  outcome: 'changed' | 'unchanged';
  session: RealmSession;
  channel: Stream;
}

export class ChannelChanges {
  private readonly accounts: AccountService;
  private readonly sessions: SessionManager;
  private readonly activity: ActivityLog;
  private readonly settleTimeoutMs: number;

  constructor(options: ChannelChangesOptions) {
    this.accounts = options.accounts;
    this.sessions = options.sessions;
    this.activity = options.activity;
    this.settleTimeoutMs = options.settleTimeoutMs ?? 5_000;
  }

  /**
   * For the editor: the change made, and the channel as the session's state shows it once the change's
   * event arrived (so the panel never shows a value the list does not). Refusals are thrown in words;
   * a conflict is CHANNEL_CHANGED with `theirs`, the value on the server now.
   */
  async update(account: string, channelId: number, change: ChannelChange, options: ChangeOptions = {}): Promise<ChannelChangeResult> {
    const applied = await this.apply(account, channelId, change, options);
    const entry = await this.settled(account, applied, change);
    return { outcome: applied.outcome, entry };
  }

  /** For a bulk job: the same checks, request and log, without waiting for the event; a refusal is a result. */
  async attempt(account: string, channelId: number, change: ChannelChange, options: ChangeOptions = {}): Promise<ChannelAttempt> {
    try {
      const { outcome } = await this.apply(account, channelId, change, options);
      return { outcome };
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      if (error.code === CHANNEL_CHANGED) return { outcome: 'conflict', reason: error.message, theirs: error.extra.theirs as PropertyValue };
      return { outcome: 'failed', reason: error.message, code: error.code };
    }
  }

  private async apply(account: string, channelId: number, change: ChannelChange, options: ChangeOptions): Promise<Applied> {
    let session: RealmSession;
    let state: RealmState;
    try {
      session = this.sessions.get(account);
      state = await session.whenReady();
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw channelChangeFailed(`Could not change ${propertyWords(change.property)} of channel ${channelId}`, error, null);
    }
    const actor = actorOf(this.accounts, account, state);
    const channel = state.channels.get(channelId);
    if (!channel) {
      const reason = `There is no channel with ID ${channelId} in ${state.realmName}. It may have been deleted, or you may no longer see it: reload the list of channels.`;
      this.record(account, { actor, action: actionWords(change.property, change.value), target: `Channel ${channelId}`, details: '', result: 'failed', error: reason, channelId, kind: 'channel', channelIds: [channelId] });
      throw new ConsoleError('NO_SUCH_CHANNEL', reason, { channelId });
    }
    const wanted = storedValue(change);
    const details = changeDetails(state, change.property, change.old, wanted) + (options.note ? ` (${options.note})` : '');
    const entry = { actor, action: actionWords(change.property, wanted), target: channelLabel(channel.name), details, channelId, kind: 'channel' as const, channelIds: [channelId], ...(options.jobId ? { jobId: options.jobId } : {}) };
    const subject = failureSubject(change, channel.name);
    const fail = (error: ConsoleError): never => {
      this.record(account, { ...entry, result: 'failed', error: error.message });
      throw error;
    };
    let current = currentValue(state, channel, change.property);
    if (sameValue(change.property, current, wanted)) return { outcome: 'unchanged', session, channel };

    if (!sameValue(change.property, current, change.old)) fail(conflictError(state, channel.name, change.property, current, wanted));
    const verdict = checkChange(state, channel, change);
    if (!verdict.allowed) fail(new ConsoleError('NOT_ALLOWED', `${subject}: ${verdict.reason}`, { channelId }));
    const hazard = hazardOf(state, channel, change);
    if (hazard && !options.acknowledged?.includes(hazard.hazard)) {
      fail(
        new ConsoleError(CONFIRMATION_NEEDED, `${subject}: ${hazard.words} Nothing was changed: confirm that you understand, then try again.`, {
          channelId,
          hazards: [hazard.hazard],
        }),
      );
    }
    const client = this.accounts.client(account);
    if (options.readServerFirst && !guardedByServer(change.property)) {
      current = await this.valueBeforeSending(client, channel, change, state, subject, fail);
      if (sameValue(change.property, current, wanted)) return { outcome: 'unchanged', session, channel };
      if (!sameValue(change.property, current, change.old)) fail(conflictError(state, channel.name, change.property, current, wanted));
    }
    // The value it found, as the state (or the server) has it (`old` may be written another way, e.g. a group's members in another order).
    const undo = { undo: undoable({ kind: 'channel', channelId, changes: [{ property: change.property, old: current as JsonValue, new: wanted as JsonValue }] }) };
    try {
      await sendChange(client, channelId, change);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      if (STALE_OLD_MESSAGE.test(error.message)) {
        // The server saw a newer value than the screen (and the state) did: theirs is what it has now.
        const theirs = await this.serverValue(client, channelId, change, state);
        fail(conflictError(state, channel.name, change.property, theirs ?? current, wanted));
      }
      // No usable answer: the server may have made the change. Ask it before saying anything.
      const fate = mayHaveBeenApplied(error) ? await this.fateOf(client, channelId, change, state) : null;
      if (fate === 'applied') {
        this.record(account, { ...entry, details: `${entry.details} (the reply was lost; the server shows it done)`, result: 'ok', error: null, ...undo });
        return { outcome: 'changed', session, channel };
      }
      fail(channelChangeFailed(subject, error, channel.name, fate));
    }
    this.record(account, { ...entry, result: 'ok', error: null, ...undo });
    return { outcome: 'changed', session, channel };
  }

  /**
   * Whether a change whose request got no usable answer shows on the server (GET /streams/{id}). Being a
   * default channel is not part of a channel's object: its fate stays unknown.
   */
  private async fateOf(client: ApiClient, channelId: number, change: ChannelChange, state: RealmState): Promise<CheckedFate> {
    if (change.property === 'default') return 'unknown';
    const theirs = await this.serverValue(client, channelId, change, state);
    if (theirs === null) return 'unknown';
    return sameValue(change.property, theirs, storedValue(change)) ? 'applied' : 'not-applied';
  }

  /** The property's value on the server now (GET /streams/{id}); null when it cannot be read. */
  private async serverValue(client: ApiClient, channelId: number, change: ChannelChange, state: RealmState): Promise<PropertyValue | null> {
    try {
      return await valueOnServer(client, channelId, change, state);
    } catch {
      return null;
    }
  }

  /**
   * The value to compare `old` with, for a property the server overwrites whatever it holds. The live
   * state trails the server by an event's trip: another administrator's change of a moment ago may not
   * be in it yet, and sending then would overwrite it without a word. The server's own value, read
   * now, is the authority; only the instant between this read and the request stays open, which only a
   * server-side `old` could close. When it cannot be read, nothing is sent.
   */
  private async valueBeforeSending(client: ApiClient, channel: Stream, change: ChannelChange, state: RealmState, subject: string, fail: (error: ConsoleError) => never): Promise<PropertyValue> {
    try {
      return await valueOnServer(client, channel.stream_id, change, state);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      return fail(channelChangeFailed(`${subject}: nothing was sent, for its value on the server could not be read first to be sure nobody changed it meanwhile`, error, channel.name));
    }
  }

  /** The channel as the state shows it once it has the change; else as the server has it. */
  private async settled(account: string, applied: Applied, change: ChannelChange): Promise<ChannelEntry> {
    const wanted = storedValue(change);
    const id = applied.channel.stream_id;
    const shown = await applied.session.waitFor((state) => {
      const channel = state.channels.get(id);
      if (!channel) return undefined;
      const shows = applied.outcome === 'unchanged' || sameValue(change.property, currentValue(state, channel, change.property), wanted);
      return shows ? channelEntry(state, channel) : undefined;
    }, this.settleTimeoutMs);
    if (shown) return shown;
    const state = applied.session.state;
    try {
      const { value } = await this.accounts.client(account).call(getStream, { stream_id: id });
      const entry = state ? channelEntry(state, value.stream) : { channel: value.stream, isDefault: false, subscriberCount: value.stream.subscriber_count ?? 0, subscribed: false };
      return change.property === 'default' ? { ...entry, isDefault: change.value } : entry;
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw new ConsoleError(
        error.code,
        `The change to ${channelLabel(applied.channel.name)} was made, but the console could not load the channel again: ${error.message} Reload the list of channels to see it.`,
        { ...error.extra, channelId: id, changed: true },
      );
    }
  }

  private record(account: string, entry: NewActivityEntry): void {
    this.activity.record(account, entry);
  }
}

/** The property's value on the server now (GET /streams/{id}). */
async function valueOnServer(client: ApiClient, channelId: number, change: ChannelChange, state: RealmState): Promise<PropertyValue> {
  const { value } = await client.call(getStream, { stream_id: channelId });
  return currentValue(state, value.stream, change.property);
}

/** What was not done, for every failure's first words. */
function failureSubject(change: ChannelChange, name: string): string {
  if (change.property === 'archived') return `Could not ${change.value ? 'archive' : 'unarchive'} ${channelLabel(name)}`;
  return `Could not change ${aboutChannel(change.property, name)}`;
}
