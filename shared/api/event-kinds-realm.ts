// Event kinds about the organization's own data: `realm`, `default_streams`,
// `realm_user_settings_defaults`, `invites_changed`, `realm_linkifiers`, `realm_emoji` and
// `custom_profile_fields`. Shapes from upstream's https://zulip.com/api/get-events (the defaults:
// https://zulip.com/api/update-realm-user-settings-defaults).
import { z } from 'zod';
import { RealmUserSettingsDefaults } from './realm-defaults';
import { CustomProfileField } from './users';
import { DefaultChannelEntry, RealmEmojiMap, RealmLinkifier } from './register';
import { checkPropertyValue, eventOf, opEventOf } from './event-kinds-base';

/** upstream `{type: 'realm', op: 'update', property, value}`: one organization setting, e.g. `name`. */
export const RealmUpdateEvent = opEventOf('realm', 'update', { property: z.string(), value: z.unknown() });
/** upstream `{type: 'realm', op: 'update_dict', property: 'default', data: {...}}`: several settings at once. */
export const RealmUpdateDictEvent = opEventOf('realm', 'update_dict', {
  property: z.string(),
  data: z.record(z.string(), z.unknown()),
});
/** Other `realm` ops (e.g. `deactivated`) carry nothing a client keeps. */
export const RealmOtherEvent = z.looseObject({ id: z.int(), type: z.literal('realm'), op: z.string() });
export const RealmEvent = z.union([RealmUpdateEvent, RealmUpdateDictEvent, RealmOtherEvent]);
export type RealmEvent = z.infer<typeof RealmEvent>;

/** upstream: the whole new list of default channels, IDs since feature level 330, channel objects before. */
export const DefaultStreamsEvent = eventOf('default_streams', { default_streams: z.array(DefaultChannelEntry) });
export type DefaultStreamsEvent = z.infer<typeof DefaultStreamsEvent>;

/**
 * One default changed. A known setting's value must fit the register snapshot's field for it, so
 * applying the event keeps the snapshot valid; a setting this client does not know passes.
 * Use `isPropertyUpdate(RealmUserSettingsDefaults.shape, event, 'emojiset')` to read a typed `value`.
 */
export const RealmUserSettingsDefaultsEvent = opEventOf('realm_user_settings_defaults', 'update', {
  property: z.string(),
  value: z.union([z.boolean(), z.int(), z.string()]),
}).superRefine(checkPropertyValue(RealmUserSettingsDefaults.shape));
export type RealmUserSettingsDefaultsEvent = z.infer<typeof RealmUserSettingsDefaultsEvent>;

/** Sent to administrators (and the referrer): refetch GET /invites, the event says nothing else. */
export const InvitesChangedEvent = eventOf('invites_changed', {});
export type InvitesChangedEvent = z.infer<typeof InvitesChangedEvent>;

/** The whole new list. Not sent to clients without `linkifier_url_template` (spec Events). */
export const RealmLinkifiersEvent = eventOf('realm_linkifiers', { realm_linkifiers: z.array(RealmLinkifier) });
export type RealmLinkifiersEvent = z.infer<typeof RealmLinkifiersEvent>;

/** The whole new set of custom emoji, keyed by emoji ID. */
export const RealmEmojiEvent = opEventOf('realm_emoji', 'update', { realm_emoji: RealmEmojiMap });
export type RealmEmojiEvent = z.infer<typeof RealmEmojiEvent>;

/** The whole new list of custom profile fields (upstream sends it after any field is added, changed or removed). */
export const CustomProfileFieldsEvent = eventOf('custom_profile_fields', { fields: z.array(CustomProfileField) });
export type CustomProfileFieldsEvent = z.infer<typeof CustomProfileFieldsEvent>;
