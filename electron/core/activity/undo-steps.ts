// What an undo from the activity log would do, step by step, judged against the realm as the session
// has it now: each logged change's `undo` becomes one step per user, default setting or channel
// property, and each step is ready, already back as it was (unchanged), or refused with the reason. An
// undo goes back only from the value the change left: if someone changed it since, going back would
// overwrite their change, so the step is refused, saying what the value is now.
import type { Role, UserSettingName, UserSettingValue } from '../../../shared/api';
import { changeWords, settingLabel, settingValueWords } from '../../../shared/domain/defaults-words';
import { checkRoleChange, countHumanOwners, ROLE_NAMES } from '../../../shared/domain/role-rules';
import { catalogueEntry } from '../../../shared/domain/user-settings-defaults';
import { ChannelChange, type ActivityEntry, type UndoData, type UndoStep } from '../../../shared/ipc';
import { channelFacts, checkChange, hazardOf } from '../channels/channel-checks';
import { privacyAccessNote } from '../../../shared/domain/channel-matrix-plan';
import type { ChannelPrivacy, Privacy } from '../../../shared/domain/channel-privacy';
import { retentionLoss, type Retention } from '../../../shared/domain/channel-retention';
import { aboutChannel, changeDetails, channelLabel, propertyWords, valueWords } from '../channels/channel-words';
import { currentValue, sameValue, type PropertyValue } from '../channels/channel-state';
import { defaultsView } from '../defaults/defaults-view';
import type { RealmState } from '../session/realm-state';
import { describeUser } from '../users/change-words';

/** One step, with what running it needs: the value to go back to, and the value the change left. */
export type Step =
  | { kind: 'role'; key: string; userId: number; back: Role; left: Role }
  | { kind: 'status'; key: string; userId: number; left: boolean }
  | { kind: 'defaults'; key: string; setting: string; back: unknown; left: unknown }
  | { kind: 'channel'; key: string; channelId: number; property: string; back: unknown; left: unknown };

export type Verdict = Pick<UndoStep, 'target' | 'change' | 'verdict' | 'reason' | 'note' | 'deletesMessages'>;

/** The steps of these entries' undos, in the entries' order (the log's: newest first, so later changes go back first). */
export function stepsOf(entries: readonly ActivityEntry[]): Step[] {
  return entries.flatMap((entry) => (entry.undo ? stepsOfUndo(entry.undo) : []));
}

function stepsOfUndo(undo: UndoData): Step[] {
  switch (undo.kind) {
    case 'role':
      return [{ kind: 'role', key: undo.id, userId: undo.userId, back: undo.from, left: undo.to }];
    case 'status':
      return [{ kind: 'status', key: undo.id, userId: undo.userId, left: undo.active }];
    case 'defaults':
      return undo.changes.map((change, index) => ({ kind: 'defaults', key: `${undo.id}:${index}`, setting: change.setting, back: change.old, left: change.new }));
    case 'channel':
      return undo.changes.map((change, index) => ({ kind: 'channel', key: `${undo.id}:${index}`, channelId: undo.channelId, property: change.property, back: change.old, left: change.new }));
  }
}

/** The step as the review and the results show it, and whether it may go ahead now. */
export function judge(state: RealmState, step: Step): Verdict {
  switch (step.kind) {
    case 'role':
      return judgeRole(state, step);
    case 'status':
      return judgeStatus(state, step);
    case 'defaults':
      return judgeDefaults(state, step);
    case 'channel':
      return judgeChannel(state, step);
  }
}

const ready = (target: string, change: string, note: string | null = null, deletesMessages = false): Verdict => ({
  target,
  change,
  verdict: 'ready',
  reason: null,
  ...(note ? { note } : {}),
  ...(deletesMessages ? { deletesMessages: true as const } : {}),
});
const unchanged = (target: string, change: string, reason: string): Verdict => ({ target, change, verdict: 'unchanged', reason });
const refused = (target: string, change: string, reason: string): Verdict => ({ target, change, verdict: 'refused', reason });

function noSuchUser(state: RealmState, userId: number): string {
  return `There is no user with ID ${userId} in ${state.realmName} any more: they may have been removed, so there is nothing to undo.`;
}

function judgeRole(state: RealmState, step: Extract<Step, { kind: 'role' }>): Verdict {
  const user = state.users.get(step.userId);
  const change = `${ROLE_NAMES[step.left]} → ${ROLE_NAMES[step.back]}`;
  if (!user) return refused(`User ${step.userId}`, change, noSuchUser(state, step.userId));
  const target = describeUser(user);
  if (user.role === step.back) return unchanged(target, change, `Already ${ROLE_NAMES[step.back]}: nothing to undo.`);
  if (user.role !== step.left) {
    return refused(
      target,
      change,
      `${user.full_name} is now ${ROLE_NAMES[user.role]}, not ${ROLE_NAMES[step.left]} as this change left them: someone changed it since. It is left as it is; change their role from their panel if it should still go back.`,
    );
  }
  // The role rules, as for any role change (the hazards are confirmed in words at the review), for each
  // hop of the way back.
  const hops = roleRoute(user.role, step.back);
  let from = user.role;
  for (const hop of hops) {
    const verdict = checkRoleChange({
      actorRole: state.ownRole,
      targetRole: from,
      newRole: hop,
      humanOwners: from === 100 ? countHumanOwners(state.users.values()) : 0,
      targetIsBot: user.is_bot,
      targetName: user.full_name,
    });
    if (!verdict.allowed) return refused(target, change, verdict.reason);
    from = hop;
  }
  return ready(target, hops.length > 1 ? `${ROLE_NAMES[step.left]} → ${hops.map((hop) => ROLE_NAMES[hop]).join(' → ')}` : change);
}

/**
 * The roles a user goes through on the way back: a guest cannot be made an administrator or owner in one
 * step (the server refuses it, spec 12), so an administrator demoted to guest goes back through member.
 */
export function roleRoute(current: Role, back: Role): Role[] {
  return current === 600 && back <= 200 ? [400, back] : [back];
}

function judgeStatus(state: RealmState, step: Extract<Step, { kind: 'status' }>): Verdict {
  const user = state.users.get(step.userId);
  const change = step.left ? 'Active → Deactivated' : 'Deactivated → Active';
  if (!user) return refused(`User ${step.userId}`, change, noSuchUser(state, step.userId));
  const target = describeUser(user);
  if (user.is_active !== step.left) {
    return unchanged(target, change, step.left ? 'Already deactivated: someone deactivated them since.' : 'Already active again: someone reactivated them since.');
  }
  // A reactivated user comes back with the role they hold now, which someone may have changed while they
  // were away (an administrator made and deactivated again): the review says which.
  return ready(target, step.left ? change : `${change}, as ${ROLE_NAMES[user.role]}`);
}

function judgeDefaults(state: RealmState, step: Extract<Step, { kind: 'defaults' }>): Verdict {
  const target = `${state.realmName}: default settings`;
  const entry = catalogueEntry(step.setting);
  if (!entry || !isSettingValue(step.back) || !isSettingValue(step.left)) {
    return refused(target, step.setting, `The log names a setting or value this console does not know (${step.setting}), so it cannot be put back from here.`);
  }
  const name = step.setting as UserSettingName;
  const change = changeWords({ name, from: step.left, to: step.back });
  const now = defaultsView('', state).values[name];
  if (now === undefined) return refused(target, change, `${state.realmName}'s server no longer reports ${settingLabel(name)}, so it cannot be put back.`);
  if (now === step.back) return unchanged(target, change, `${settingLabel(name)} is already ${settingValueWords(name, step.back)}: nothing to undo.`);
  if (now !== step.left) {
    return refused(
      target,
      change,
      `${settingLabel(name)} is now ${settingValueWords(name, now)}, not ${settingValueWords(name, step.left)} as this change left it: someone changed it since. It is left as it is.`,
    );
  }
  return ready(target, change);
}

function isSettingValue(value: unknown): value is UserSettingValue {
  return typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string';
}

/** The change that puts a channel's property back, guarded by the value the logged change left; null if the log's values are not one. */
export function reverseChange(step: Extract<Step, { kind: 'channel' }>): ChannelChange | null {
  const parsed = ChannelChange.safeParse({ property: step.property, value: step.back, old: step.left });
  return parsed.success ? parsed.data : null;
}

function judgeChannel(state: RealmState, step: Extract<Step, { kind: 'channel' }>): Verdict {
  const channel = state.channels.get(step.channelId);
  const reverse = reverseChange(step);
  const label = channel ? channelLabel(channel.name) : `Channel ${step.channelId}`;
  if (!reverse) return refused(label, step.property, `The log holds a change (${step.property}) this console cannot put back, so it is left as it is.`);
  const back = step.back as PropertyValue;
  const left = step.left as PropertyValue;
  const change = channel ? changeDetails(state, reverse.property, left, back) || `${capitalize(propertyWords(reverse.property))}: ${valueWords(state, reverse.property, left)} → ${valueWords(state, reverse.property, back)}` : propertyWords(reverse.property);
  if (!channel) {
    return refused(label, change, `There is no channel with ID ${step.channelId} in ${state.realmName} any more: it may have been deleted, or you may no longer see it, so there is nothing to undo.`);
  }
  const now = currentValue(state, channel, reverse.property);
  if (sameValue(reverse.property, now, back)) return unchanged(label, change, `Already back: ${isNow(state, reverse.property, channel.name, back)}; nothing to undo.`);
  if (!sameValue(reverse.property, now, left)) {
    return refused(
      label,
      change,
      `${isNow(state, reverse.property, channel.name, now)} now, not ${valueWords(state, reverse.property, left)} as this change left it: someone changed it since. It is left as it is.`,
    );
  }
  const verdict = checkChange(state, channel, reverse);
  if (!verdict.allowed) return refused(label, change, verdict.reason);
  // What the channel editor confirms in words (losing one's own administration or access) is not undone from the log.
  const hazard = hazardOf(state, channel, reverse);
  if (hazard) return refused(label, change, `${hazard.words} It is left as it is: make this change in the channel's editor, where it is confirmed first.`);
  const note = consequence(state, channel.stream_id, reverse.property, left, back);
  // A retention's consequence is said only when it deletes messages: that is confirmed before the undo starts.
  return ready(label, change, note, reverse.property === 'retention' && note !== null);
}

/** What putting a channel's privacy or retention back does to whom, in the words the editor and the matrix use. */
function consequence(state: RealmState, channelId: number, property: ChannelChange['property'], from: PropertyValue, to: PropertyValue): string | null {
  if (property === 'privacy') return privacyAccessNote(from as ChannelPrivacy, to as Privacy, state.subscribers.get(channelId)?.size ?? 0);
  if (property === 'retention') return retentionLoss(from as Retention, to as Retention, channelFacts(state).policy.messageRetentionDays);
  return null;
}

/** "#design is archived", "Who may post messages in #design is Moderators". */
function isNow(state: RealmState, property: ChannelChange['property'], name: string, value: PropertyValue): string {
  if (property === 'default' || property === 'archived') return `${channelLabel(name)} is ${valueWords(state, property, value).toLowerCase()}`;
  return `${capitalize(aboutChannel(property, name))} is ${valueWords(state, property, value)}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
