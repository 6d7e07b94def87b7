// upstream DELETE /streams/{stream_id} (zerver/views/streams.py deactivate_stream_backend and
// zerver/actions/streams.py do_deactivate_stream; https://zulip.com/api/archive-stream): the channel is
// archived, its messages and subscriptions kept, so `PATCH is_archived=false` brings it back as it was.
// It stops being a default channel and the moderation request channel.
import type { ServerContext } from '../context';
import { getStream, metadataAccessUserIds, streamObject } from '../db/stream-queries';
import type { UserRow } from '../db/users';
import { ACTIVE_USERS } from '../events/bus';
import { seconds } from '../lib/clock';
import { badRequest } from '../lib/errors';
import { accessChannelForUpdate, announceDefaultStreams } from './channels';

export function archiveChannel(ctx: ServerContext, actor: UserRow, streamId: number): void {
  const { stream } = accessChannelForUpdate(ctx, actor, streamId);
  if (stream.is_archived) throw badRequest('Channel is already deactivated');
  // Who hears of it is decided before it changes (upstream: "Get the affected user ids *before*").
  const audience = metadataAccessUserIds(ctx.db, stream);
  const moderationChannel = ctx.db.prepare('SELECT moderation_request_channel_id FROM realm').pluck().get() as number | null;
  const wasModerationChannel = moderationChannel === stream.id;
  ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE streams SET is_archived = 1, is_default = 0 WHERE id = ?').run(stream.id);
    if (wasModerationChannel) ctx.db.prepare('UPDATE realm SET moderation_request_channel_id = NULL').run();
  })();

  const after = getStream(ctx.db, stream.id);
  if (!after) return;
  if (stream.is_default) announceDefaultStreams(ctx);
  if (wasModerationChannel) {
    // upstream maybe_set_moderation_or_announcement_channels_none: -1 is "none".
    ctx.events.publish(ACTIVE_USERS, { type: 'realm', op: 'update_dict', property: 'default', data: { moderation_request_channel_id: -1 } });
  }
  // Clients with `archived_channels` hear of the change; delivery turns it into a stream delete for
  // the others (server/events/delivery.ts), as upstream's `for_archiving` delete event does.
  ctx.events.publish(audience, {
    type: 'stream',
    op: 'update',
    stream_id: after.id,
    name: after.name,
    property: 'is_archived',
    value: true,
    _archived_channel: true,
    _stream: streamObject(ctx.db, after, { now: seconds(ctx.clock) }),
  });
}
