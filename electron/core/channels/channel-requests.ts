// The request that makes one change to one channel: spec 3's PATCH /streams/{stream_id} with the one
// parameter it concerns (a group setting as `{new, old}`, `old` being the value the screen showed, so
// the server refuses it if someone changed it meanwhile), or upstream's DELETE /streams/{stream_id}
// to archive (https://zulip.com/api/archive-stream).
import { archiveChannel, updateChannel, type UpdateChannelParams } from '../../../shared/api';
import { isChannelGroupSetting } from '../../../shared/domain/channel-permissions';
import { privacyFields } from '../../../shared/domain/channel-privacy';
import { RETAIN_FOREVER } from '../../../shared/domain/channel-retention';
import type { ChannelChange } from '../../../shared/ipc';
import type { ApiClient } from '../client/api-client';

export async function sendChange(client: ApiClient, channelId: number, change: ChannelChange): Promise<void> {
  if (change.property === 'archived' && change.value) {
    await client.call(archiveChannel, { stream_id: channelId });
    return;
  }
  await client.call(updateChannel, { stream_id: channelId, ...updateParams(change) });
}

/** spec 3's parameters for a change other than archiving. */
export function updateParams(change: ChannelChange): Omit<UpdateChannelParams, 'stream_id'> {
  switch (change.property) {
    case 'name':
      return { new_name: change.value.trim() };
    case 'description':
      return { description: change.value };
    case 'privacy': {
      const fields = privacyFields(change.value);
      return { is_private: fields.invite_only, is_web_public: fields.is_web_public, history_public_to_subscribers: fields.history_public_to_subscribers };
    }
    case 'default':
      return { is_default_stream: change.value };
    case 'retention':
      return { message_retention_days: change.value === null ? 'realm_default' : change.value === RETAIN_FOREVER ? 'unlimited' : change.value };
    case 'topicsPolicy':
      return { topics_policy: change.value };
    case 'folder':
      return { folder_id: change.value };
    case 'archived':
      return { is_archived: change.value };
    default:
      return { [change.property]: { new: change.value, old: change.old } };
  }
}

/**
 * Whether the server itself refuses this property's change when the channel no longer has `old`: only
 * the group settings are sent as `{new, old}`; every other parameter overwrites whatever the server holds.
 */
export function guardedByServer(property: ChannelChange['property']): boolean {
  return isChannelGroupSetting(property);
}

/** The server's refusal of a stale `old` (upstream PreviousSettingValueMismatchedError). */
export const STALE_OLD_MESSAGE = /'old' value does not match/i;
