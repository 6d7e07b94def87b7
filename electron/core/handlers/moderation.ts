// Handlers for the moderation.* channels: the moderation request channel as an inbox (moderation/).
import type { moderationChannels } from '../../../shared/ipc/moderation';
import type { ModerationService } from '../moderation/moderation-service';
import type { Handlers } from '../router';

export interface ModerationContext {
  readonly moderation: ModerationService;
}

export const moderationHandlers: Pick<Handlers<ModerationContext>, keyof typeof moderationChannels> = {
  'moderation.inbox': ({ account }, ctx) => ctx.moderation.inbox(account),
  'moderation.context': ({ account, reportId }, ctx) => ctx.moderation.context(account, reportId),
  'moderation.markReviewed': ({ account, reportIds, reviewed }, ctx) => ctx.moderation.markReviewed(account, reportIds, reviewed),
  'moderation.deleteMessage': ({ account, reportId, messageId }, ctx) => ctx.moderation.deleteMessage(account, reportId, messageId),
};
