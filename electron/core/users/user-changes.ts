// Changes to one user of an account's realm: role (spec 12), full name (spec 12), deactivate and
// reactivate (upstream DELETE /users/{id}, POST /users/{id}/reactivate). Each is checked first with the
// same role rules the screen shows (shared/domain/role-rules), against the session's live state, so a
// change the server would refuse is refused here without a request; the server stays the final judge,
// and its refusals come back in its words with what to do. A role change that would leave no
// administrator or take away the signed-in user's own rights is made only when the input says the
// user confirmed it: the renderer is not trusted to have asked. Every attempt goes to the activity log.
import { deactivateUser, getUser, reactivateUser, updateUser, type Role, type User } from '../../../shared/api';
import {
  checkRoleChange,
  countHumanOwners,
  reviewRoleChange,
  ROLE_NAMES,
  roleWithArticle,
  type RoleHazard,
  type RoleReview,
  type RuleVerdict,
} from '../../../shared/domain/role-rules';
import { checkStatusChange, reviewDeactivation } from '../../../shared/domain/status-rules';
import type { AccountService } from '../accounts/accounts';
import type { ActivityLog } from '../activity/activity-log';
import type { ActivityKind } from '../../../shared/ipc';
import { actorOf } from '../activity/actor';
import { undoable, type UndoWithoutId } from '../activity/undo-data';
import type { ApiClient } from '../client/api-client';
import { ConsoleError } from '../errors';
import { mayHaveBeenApplied, type CheckedFate } from '../request-fate';
import type { RealmState } from '../session/realm-state';
import type { RealmSession } from '../session/session';
import type { SessionManager } from '../session-manager';
import { changeFailed, confirmationNeeded, describeUser, roleTransition } from './change-words';

export interface UserChangesOptions {
  accounts: AccountService;
  sessions: SessionManager;
  activity: ActivityLog;
  /** How long to wait for the change's event before asking the server for the user (default: session/settle.ts). */
  settleTimeoutMs?: number;
}

/** A check's answer: a refusal may carry its own code (the rules' is NOT_ALLOWED). */
type Verdict = RuleVerdict | ConsoleError;

/** One change, described once for the checks, the request, the log and the words. */
interface Change {
  action: string;
  kind: ActivityKind;
  /** What was not done when the change failed before the user could be looked up ("The role change"). */
  what: string;
  details(target: User): string;
  /** Already as asked: nothing to send. */
  isDone(target: User): boolean;
  check(state: RealmState, target: User): Verdict;
  send(client: ApiClient, target: User): Promise<unknown>;
  /** "Mark Member could not be made an owner". */
  failure(target: User): string;
  /** How to reverse the change once made, for the activity log; absent, it is not undone from there. */
  undo?(target: User): UndoWithoutId;
  /** The bulk job (or undo) the change is part of. */
  jobId?: string;
}

/** The result of one attempt in a bulk job: never thrown, always said. */
export type ChangeAttempt = { outcome: 'changed' | 'unchanged' } | { outcome: 'failed'; reason: string; code: string };

const ALLOWED: RuleVerdict = { allowed: true };

export class UserChanges {
  constructor(private readonly options: UserChangesOptions) {}

  /** `acknowledged`: the hazards the user confirmed in words (shared/domain/role-rules.ts). */
  async changeRole(account: string, userId: number, role: Role, acknowledged: readonly RoleHazard[] = []): Promise<User> {
    return this.applyAndSettle(account, userId, roleChange(role, { acknowledged }), (user) => user.role === role);
  }

  async rename(account: string, userId: number, fullName: string): Promise<User> {
    // The server stores the name trimmed (upstream check_full_name); the state will show it so.
    const name = fullName.trim();
    return this.applyAndSettle(account, userId, rename(name), (user) => user.full_name === name);
  }

  /** `acknowledged`: the hazards the user confirmed in words (deactivating the last administrator). */
  async deactivate(account: string, userId: number, acknowledged: readonly RoleHazard[] = []): Promise<User> {
    return this.applyAndSettle(account, userId, activation(false, { acknowledged }), (user) => !user.is_active);
  }

  async reactivate(account: string, userId: number): Promise<User> {
    return this.applyAndSettle(account, userId, activation(true), (user) => user.is_active);
  }

  /**
   * A role change for a bulk job: the same checks, request and log as changeRole, but it does not wait
   * for the change's event (the job's results say what happened; the table follows the events), and a
   * refusal is a result, not an exception. `note` is added to the log's details; `acknowledged` are the
   * hazards the user confirmed for the whole job.
   */
  attemptRole(account: string, userId: number, role: Role, options: RoleOptions = {}): Promise<ChangeAttempt> {
    return this.attempt(account, userId, roleChange(role, options), options.settle ? (user) => user.role === role : null);
  }

  /**
   * A deactivation (`active` false) or reactivation for a bulk job, as attemptRole is for roles: the
   * same checks, request and log as deactivate and reactivate, without waiting for the event.
   */
  attemptStatus(account: string, userId: number, active: boolean, options: StatusOptions = {}): Promise<ChangeAttempt> {
    return this.attempt(account, userId, { ...activation(active, options), jobId: options.jobId });
  }

  private async attempt(account: string, userId: number, change: Change, shows: ((user: User) => boolean) | null = null): Promise<ChangeAttempt> {
    try {
      const { outcome, session, target } = await this.apply(account, userId, change);
      if (shows && outcome === 'changed') await this.settled(account, session, userId, shows, target);
      return { outcome };
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      return { outcome: 'failed', reason: error.message, code: error.code };
    }
  }

  /**
   * Applies the change, then returns the user as the session's state shows them once the change's
   * event has arrived. Why wait for the state rather than fetch the user: every screen reads users from
   * the state (the table, the detail panel), so returning the same object means the panel never shows
   * a value the table does not, and it costs no extra request (which matters in bulk). If the event
   * does not come in time (the queue is reconnecting), the user is fetched with GET /users/{id}:
   * either way the reply shows the change, never the user as they were before it.
   */
  private async applyAndSettle(account: string, userId: number, change: Change, shows: (user: User) => boolean): Promise<User> {
    const result = await this.apply(account, userId, change);
    if (result.outcome === 'unchanged') return result.target;
    return this.settled(account, result.session, userId, shows, result.target);
  }

  private async apply(account: string, userId: number, change: Change) {
    let session: RealmSession;
    let state: RealmState;
    try {
      session = this.options.sessions.get(account);
      state = await session.whenReady();
    } catch (error) {
      // Signed out, offline or refused before anything could be looked up: said with what was tried.
      if (!(error instanceof ConsoleError)) throw error;
      throw changeFailed(`${change.what} could not be made`, error, null);
    }
    const actor = actorOf(this.options.accounts, account, state);
    const target = state.users.get(userId);
    if (!target) {
      const reason = `There is no user with ID ${userId} in ${state.realmName}. They may have been removed; reload the list of users.`;
      this.options.activity.record(account, { actor, action: change.action, kind: change.kind, userIds: [userId], target: `User ${userId}`, details: '', result: 'failed', error: reason });
      throw new ConsoleError('NO_SUCH_USER', reason, { userId });
    }
    const entry = { actor, action: change.action, kind: change.kind, userIds: [userId], target: describeUser(target), details: change.details(target), ...(change.jobId ? { jobId: change.jobId } : {}) };
    const undo = change.undo ? { undo: undoable(change.undo(target)) } : {};
    if (change.isDone(target)) return { outcome: 'unchanged' as const, target, session };

    const verdict = change.check(state, target);
    if (verdict instanceof ConsoleError || !verdict.allowed) {
      const refusal = verdict instanceof ConsoleError ? verdict : new ConsoleError('NOT_ALLOWED', verdict.reason, { userId });
      this.options.activity.record(account, { ...entry, result: 'failed', error: refusal.message });
      throw refusal;
    }
    const client = this.options.accounts.client(account);
    try {
      await change.send(client, target);
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      // No usable answer: the server may have made the change. Ask it before saying anything.
      const fate = mayHaveBeenApplied(error) ? await fateOf(client, change, target) : null;
      if (fate === 'applied') {
        this.options.activity.record(account, { ...entry, details: `${entry.details} (the reply was lost; the server shows it done)`, result: 'ok', error: null, ...undo });
        return { outcome: 'changed' as const, target, session };
      }
      const worded = changeFailed(change.failure(target), error, target, fate);
      this.options.activity.record(account, { ...entry, result: 'failed', error: worded.message });
      throw worded;
    }
    this.options.activity.record(account, { ...entry, result: 'ok', error: null, ...undo });
    return { outcome: 'changed' as const, target, session };
  }

  private async settled(account: string, session: RealmSession, userId: number, shows: (user: User) => boolean, target: User): Promise<User> {
    const shown = await session.waitFor((state) => {
      const user = state.users.get(userId);
      return user && shows(user) ? user : undefined;
    }, this.options.settleTimeoutMs);
    if (shown) return shown;
    try {
      const { value } = await this.options.accounts.client(account).call(getUser, { user_id: userId, include_custom_profile_fields: true });
      return value.user;
    } catch (error) {
      if (!(error instanceof ConsoleError)) throw error;
      throw new ConsoleError(
        error.code,
        `The change to ${target.full_name} was made, but the console could not load them again: ${error.message} Reload the list of users to see it.`,
        { ...error.extra, userId, changed: true },
      );
    }
  }
}

export interface RoleOptions {
  /** Added to the activity log's details ("bulk change"). */
  note?: string;
  /** The hazards the user confirmed in words; a change with any other is refused. */
  acknowledged?: readonly RoleHazard[];
  /** The bulk job (or undo) the change is part of, for the activity log. */
  jobId?: string;
  /** Wait until the state shows the new role, for a next step that is judged against it (an undo's hop). */
  settle?: boolean;
}

/** Whether a change whose request got no usable answer shows on the server (GET /users/{id}). */
async function fateOf(client: ApiClient, change: Change, target: User): Promise<CheckedFate> {
  try {
    const { value } = await client.call(getUser, { user_id: target.user_id, include_custom_profile_fields: false });
    return change.isDone(value.user) ? 'applied' : 'not-applied';
  } catch {
    return 'unknown';
  }
}

/** spec 12 (role), upstream update_user_backend: who may give whom which role. */
function roleChange(role: Role, { note, acknowledged = [], jobId }: RoleOptions = {}): Change {
  const failure = (target: User) => `${target.full_name} could not be made ${roleWithArticle(role)}`;
  return {
    action: 'Changed role',
    kind: 'role',
    what: 'The role change',
    details: (target) => roleTransition(target.role, role) + (note ? ` (${note})` : ''),
    isDone: (target) => target.role === role,
    check: (state, target) => {
      const verdict = checkRoleChange({
        actorRole: state.ownRole,
        targetRole: target.role,
        newRole: role,
        humanOwners: target.role === 100 ? countHumanOwners(state.users.values()) : 0,
        targetIsBot: target.is_bot,
        targetName: target.full_name,
      });
      if (!verdict.allowed) return verdict;
      return unconfirmed(state, [target], role, acknowledged, failure(target), { userId: target.user_id }) ?? ALLOWED;
    },
    send: (client, target) => client.call(updateUser, { user_id: target.user_id, role }),
    failure,
    undo: (target) => ({ kind: 'role', userId: target.user_id, from: target.role, to: role }),
    jobId,
  };
}

/**
 * The refusal of giving `role` to `changing` (the users who will change) when it has a hazard the user
 * did not confirm (shared/domain/role-rules.ts); null when it may go ahead. Bulk jobs check their whole
 * plan with it before they start.
 */
export function unconfirmed(
  state: RealmState,
  changing: readonly User[],
  role: Role,
  acknowledged: readonly RoleHazard[],
  subject: string,
  extra: Record<string, unknown> = {},
): ConsoleError | null {
  return refusalUnless(reviewRoleChange(state.users.values(), changing, role, state.ownUserId), acknowledged, subject, state.realmName, extra);
}

/** The same for deactivating `changing`: refused when it leaves no administrator unconfirmed. */
export function unconfirmedDeactivation(state: RealmState, changing: readonly User[], acknowledged: readonly RoleHazard[], subject: string, extra: Record<string, unknown> = {}): ConsoleError | null {
  return refusalUnless(reviewDeactivation(state.users.values(), changing, state.ownUserId), acknowledged, subject, state.realmName, extra);
}

function refusalUnless(review: RoleReview<User>, acknowledged: readonly RoleHazard[], subject: string, realmName: string, extra: Record<string, unknown>): ConsoleError | null {
  if (review.hazards.every((hazard) => acknowledged.includes(hazard))) return null;
  return confirmationNeeded(subject, review, realmName, extra);
}

/** spec 12 (full_name): administrators only. */
function rename(name: string): Change {
  return {
    action: 'Renamed',
    kind: 'name',
    what: 'The rename',
    details: (target) => `${target.full_name} → ${name}`,
    isDone: (target) => target.full_name === name,
    check: (state) => (state.ownRole <= 200 ? ALLOWED : { allowed: false, reason: "Only organization administrators and owners can change a user's name." }),
    send: (client, target) => client.call(updateUser, { user_id: target.user_id, full_name: name }),
    failure: (target) => `${target.full_name} could not be renamed to ${name}`,
  };
}

export interface StatusOptions {
  /** Added to the activity log's details ("bulk change"). */
  note?: string;
  /** The hazards the user confirmed in words: a deactivation that leaves no administrator is refused without 'noAdministrator'. */
  acknowledged?: readonly RoleHazard[];
  /** The bulk job (or undo) the change is part of, for the activity log. */
  jobId?: string;
}

/** upstream deactivate_user_backend and reactivate_user_backend. */
function activation(active: boolean, { note, acknowledged = [] }: StatusOptions = {}): Change {
  const verb = active ? 'reactivated' : 'deactivated';
  const failure = (target: User) => `${target.full_name} could not be ${verb}`;
  return {
    action: active ? 'Reactivated' : 'Deactivated',
    kind: 'status',
    what: active ? 'The reactivation' : 'The deactivation',
    details: (target) => (target.is_bot ? 'Bot' : ROLE_NAMES[target.role]) + (note ? ` (${note})` : ''),
    isDone: (target) => target.is_active === active,
    check: (state, target) => {
      const verdict = checkStatusChange(
        { role: state.ownRole, userId: state.ownUserId },
        target,
        active,
        target.role === 100 && !active ? countHumanOwners(state.users.values()) : 0,
      );
      if (!verdict.allowed || active) return verdict;
      return unconfirmedDeactivation(state, [target], acknowledged, failure(target), { userId: target.user_id }) ?? ALLOWED;
    },
    send: (client, target) => (active ? client.call(reactivateUser, { user_id: target.user_id }) : client.call(deactivateUser, { user_id: target.user_id })),
    failure,
    undo: (target) => ({ kind: 'status', userId: target.user_id, active }),
  };
}
