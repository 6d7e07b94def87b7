// The words for what the organization changed under a campaign being composed: the form's notice when
// a channel, group or role it held stops being on offer (OptionsForm.tsx), and the send confirmation's
// when what it would send changes while it is open. A confirmation never changes silently under the
// user (docs/style.md, "Dangerous actions"): the dialog compares what it would send now with what it
// opened with (sentKey), says how it differs (sentChanges) and asks again.
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import type { Role } from '../../../../../shared/api/common';
import type { CampaignOptions, InviteChoices, Invitee } from '../../../../../shared/ipc';
import type { ChoicesLost } from './campaign-form';

/** What a campaign sends: spec 9's options and the addresses, in order. */
export interface SentShape {
  options: CampaignOptions;
  addresses: readonly Invitee[];
}

/** Equal for two shapes that send exactly the same; what a confirmation is keyed to. */
export function sentKey({ options, addresses }: SentShape): string {
  return JSON.stringify([options, addresses.map((address) => [address.email, address.name ?? null])]);
}

/** The form's notice: what was taken out of it, by the names it had, and what stands instead. */
export function lostWords(lost: ChoicesLost, before: InviteChoices, now: InviteChoices): string {
  const parts: string[] = [...goneWords(lost.channels, lost.groups, before)];
  if (lost.role !== null) {
    const reason = now.roles.find((choice) => choice.role === lost.role)?.reason;
    parts.push(`You may no longer invite as ${ROLE_NAMES[lost.role].toLowerCase()}${reason ? ` (${reason.replace(/\.$/, '')})` : ''}: ${ROLE_NAMES[lost.values.invite_as].toLowerCase()} is chosen instead.`);
  }
  return `The organization changed while this form was open. ${parts.join(' ')}`;
}

/**
 * How what a confirmation would send now differs from what it opened with, one sentence per
 * difference, in the words of what the user would notice; empty when nothing differs. `before` and
 * `now` are the choices each was made from, for the names of what went away and why.
 */
export function sentChanges(opened: SentShape, current: SentShape, before: InviteChoices, now: InviteChoices): string[] {
  const was = opened.options;
  const is = current.options;
  const sentences: string[] = [];
  if (was.invite_as !== is.invite_as) {
    const allowed = now.roles.some((choice) => choice.role === was.invite_as && choice.allowed);
    // spec 9: which roles a user may invite as follows their own role (invite-choices.ts in the core).
    sentences.push(
      allowed
        ? `The role changed: these invitations would be sent as ${roles(is.invite_as)}, not ${roles(was.invite_as)}.`
        : `Your role changed on the server: you may no longer invite ${roles(was.invite_as)}, so these invitations would be sent as ${roles(is.invite_as)}.`,
    );
  }
  const channelsGone = missing(was.stream_ids, is.stream_ids);
  const groupsGone = missing(was.group_ids, is.group_ids);
  const channelsLost = channelsGone.filter((id) => !now.channels.some((channel) => channel.id === id));
  const groupsLost = groupsGone.filter((id) => !now.groups.some((group) => group.id === id));
  sentences.push(...goneWords(channelsLost, groupsLost, before));
  // Anything else about channels or groups (a channel that became a default channel, say): said plainly.
  if (channelsGone.length > channelsLost.length || missing(is.stream_ids, was.stream_ids).length > 0 || was.include_realm_default_subscriptions !== is.include_realm_default_subscriptions) {
    sentences.push('The channels they would be subscribed to changed on the server.');
  }
  if (groupsGone.length > groupsLost.length || missing(is.group_ids, was.group_ids).length > 0) sentences.push('The groups they would join changed on the server.');
  if (was.welcome_message_custom_text !== is.welcome_message_custom_text) {
    // spec 9: only administrators may choose the welcome message; anyone else's invitations get the default.
    sentences.push(
      now.canWriteWelcomeMessage
        ? 'The welcome message changed.'
        : 'Only administrators can choose the welcome message, so they would get the organization’s default welcome message, not yours.',
    );
  }
  const emails = (shape: SentShape) => shape.addresses.map((address) => address.email);
  const dropped = missing(emails(opened), emails(current));
  const added = missing(emails(current), emails(opened));
  if (dropped.length > 0) {
    sentences.push(
      `${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} no longer sent: the check found ${dropped.length === 1 ? 'it' : 'them'} changed on the server (invited meanwhile, or with an account now).`,
    );
  }
  if (added.length > 0) sentences.push(`${added.join(', ')} ${added.length === 1 ? 'is' : 'are'} now sent as well.`);
  // Whatever else differs (a name read differently by the check, say) is still said, never passed over.
  if (sentences.length === 0 && sentKey(opened) !== sentKey(current)) sentences.push('What these invitations would send changed on the server.');
  return sentences;
}

/** "administrators": every role's name takes an s. */
const roles = (role: Role) => `${ROLE_NAMES[role].toLowerCase()}s`;

function missing<T>(from: readonly T[], in_: readonly T[]): T[] {
  const kept = new Set(in_);
  return from.filter((item) => !kept.has(item));
}

/** Channels and groups no longer on offer, named as they were, with why they went. */
function goneWords(channels: number[], groups: number[], before: InviteChoices): string[] {
  const named = <T extends { id: number; name: string }>(ids: number[], list: T[], prefix: string, unknown: string) =>
    ids.map((id) => {
      const item = list.find((candidate) => candidate.id === id);
      return item ? `${prefix}${item.name}` : unknown;
    });
  const parts: string[] = [];
  if (channels.length > 0) {
    const names = named(channels, before.channels, '#', 'a channel chosen before');
    parts.push(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer offered (archived or deleted, or you may no longer add people to ${names.length === 1 ? 'it' : 'them'}), so ${names.length === 1 ? 'it was' : 'they were'} taken out of the channels.`);
  }
  if (groups.length > 0) {
    const names = named(groups, before.groups, '', 'a group chosen before');
    parts.push(`${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} no longer offered (deactivated, or you may no longer add members), so ${names.length === 1 ? 'it was' : 'they were'} taken out of the groups.`);
  }
  return parts;
}
