// The campaign options form: spec 9's parameters (shared/ipc CampaignOptions) as the form holds them,
// its defaults from what the signed-in user may do (invites.choices), and the options it sends.
import { z } from 'zod';
import { MAX_WELCOME_MESSAGE_LENGTH } from '../../../../../shared/api/invites';
import { CampaignOptions, type InviteChoices } from '../../../../../shared/ipc';

/** Expiry presets in minutes (spec 9's invite_expires_in_minutes); "never" is null. */
export const EXPIRY_PRESETS: { minutes: number; label: string }[] = [
  { minutes: 1440, label: '1 day' },
  { minutes: 4320, label: '3 days' },
  { minutes: 14400, label: '10 days' },
  { minutes: 43200, label: '30 days' },
];
export const NEVER = 'never';

export const DEFAULT_BATCH_SIZE = 100;

/** null: the organization's default; '': no custom message; 'custom': the text written here. */
export const WelcomeMode = z.enum(['default', 'none', 'custom']);
export type WelcomeMode = z.infer<typeof WelcomeMode>;

export const campaignFormSchema = CampaignOptions.omit({ invite_expires_in_minutes: true, welcome_message_custom_text: true })
  .extend({
    /** Minutes as text (a select's value), or NEVER. */
    expiry: z.string().regex(/^(never|[1-9]\d*)$/, 'Choose how long the invitations stay valid.'),
    welcomeMode: WelcomeMode,
    welcomeText: z.string().max(MAX_WELCOME_MESSAGE_LENGTH, `The welcome message can be at most ${MAX_WELCOME_MESSAGE_LENGTH.toLocaleString()} characters. Shorten it.`),
    batchSize: z
      .number({ error: 'Enter how many addresses go in each request, from 1 to 1,000.' })
      .int('Enter a whole number of addresses, from 1 to 1,000.')
      .min(1, 'Send at least 1 address per request.')
      .max(1000, 'Send at most 1,000 addresses per request.'),
  })
  .refine((values) => values.welcomeMode !== 'custom' || values.welcomeText.trim() !== '', {
    path: ['welcomeText'],
    message: 'Write the welcome message, or choose the organization’s default or no custom message.',
  });

export type CampaignFormValues = z.infer<typeof campaignFormSchema>;

export function defaultFormValues(choices: InviteChoices): CampaignFormValues {
  // The least powerful role the user may invite as is never a surprise; member is what most expect.
  const member = choices.roles.find((role) => role.role === 400 && role.allowed);
  const fallback = [...choices.roles].reverse().find((role) => role.allowed);
  return {
    invite_as: member?.role ?? fallback?.role ?? 400,
    stream_ids: [],
    group_ids: [],
    include_realm_default_subscriptions: true,
    notify_referrer_on_join: true,
    expiry: String(choices.defaultExpiryMinutes),
    welcomeMode: 'default',
    welcomeText: '',
    batchSize: DEFAULT_BATCH_SIZE,
  };
}

/** The presets, with the organization's default among them (named so) when it is none of them. */
export function expiryChoices(defaultMinutes: number): { value: string; label: string }[] {
  const presets = EXPIRY_PRESETS.some((preset) => preset.minutes === defaultMinutes)
    ? EXPIRY_PRESETS
    : [...EXPIRY_PRESETS, { minutes: defaultMinutes, label: `${defaultMinutes.toLocaleString()} minutes` }].sort((a, b) => a.minutes - b.minutes);
  return [
    ...presets.map((preset) => ({ value: String(preset.minutes), label: preset.minutes === defaultMinutes ? `${preset.label} (the server’s default)` : preset.label })),
    { value: NEVER, label: 'Never expire' },
  ];
}

/** What the form sends as spec 9's options. Default channels come with the setting, not as IDs. */
export function toCampaignOptions(values: CampaignFormValues, choices: InviteChoices): CampaignOptions {
  const defaults = new Set(choices.channels.filter((channel) => channel.isDefault).map((channel) => channel.id));
  return CampaignOptions.parse({
    invite_as: values.invite_as,
    stream_ids: values.include_realm_default_subscriptions ? values.stream_ids.filter((id) => !defaults.has(id)) : values.stream_ids,
    group_ids: values.group_ids,
    include_realm_default_subscriptions: values.include_realm_default_subscriptions,
    notify_referrer_on_join: values.notify_referrer_on_join,
    invite_expires_in_minutes: values.expiry === NEVER ? null : Number(values.expiry),
    // spec 9: only administrators may set it; for anyone else it is null whatever is sent.
    welcome_message_custom_text: !choices.canWriteWelcomeMessage ? null : welcomeValue(values.welcomeMode, values.welcomeText),
  });
}

/** What the form held that the live choices no longer offer, and the values without it. */
export interface ChoicesLost {
  values: Pick<CampaignFormValues, 'invite_as' | 'stream_ids' | 'group_ids'>;
  channels: number[];
  groups: number[];
  /** The role chosen, if it may not be granted any more (the user's own role changed). */
  role: CampaignFormValues['invite_as'] | null;
}

/**
 * The form's choices checked against what may be chosen now: a channel deleted, archived or closed
 * to the user, a group deactivated, a role the user may no longer grant, while the form was open or
 * kept (invitations-ui.ts). Null when everything still holds. A lost role falls back to the default
 * (member where allowed), never to a more powerful one.
 */
export function choicesLost(values: Pick<CampaignFormValues, 'invite_as' | 'stream_ids' | 'group_ids'>, choices: InviteChoices): ChoicesLost | null {
  const channelIds = new Set(choices.channels.map((channel) => channel.id));
  const groupIds = new Set(choices.groups.map((group) => group.id));
  const channels = values.stream_ids.filter((id) => !channelIds.has(id));
  const groups = values.group_ids.filter((id) => !groupIds.has(id));
  const roleAllowed = choices.roles.some((choice) => choice.role === values.invite_as && choice.allowed);
  if (channels.length === 0 && groups.length === 0 && roleAllowed) return null;
  return {
    values: {
      invite_as: roleAllowed ? values.invite_as : defaultFormValues(choices).invite_as,
      stream_ids: values.stream_ids.filter((id) => channelIds.has(id)),
      group_ids: values.group_ids.filter((id) => groupIds.has(id)),
    },
    channels,
    groups,
    role: roleAllowed ? null : values.invite_as,
  };
}

export function welcomeValue(mode: WelcomeMode, text: string): string | null {
  if (mode === 'default') return null;
  if (mode === 'none') return '';
  return text;
}
