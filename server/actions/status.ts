// spec 10: update your own status. upstream: zerver/views/presence.py update_user_status_backend,
// zerver/lib/user_status.py check_update_user_status and zerver/actions/user_status.py.
import type { z } from 'zod';
import type { updateStatusParams } from '../../shared/api';
import type { ServerContext } from '../context';
import type { Db } from '../db/connection';
import { userSettings, type UserRow } from '../db/users';
import { badRequest } from '../lib/errors';
import { ACTIVE_USERS, type ServerEvent } from '../events/bus';
import { checkEmojiRequest, emojiForName, type EmojiType } from './emoji';
import { applySettingChanges, changedSettings, publishSettingChanges } from './settings';

type Params = z.output<typeof updateStatusParams>;

/** What the request sets, resolved: undefined leaves a part as it is. */
export interface NewStatus {
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: EmojiType;
}

/**
 * upstream check_update_user_status. The schema already refused an empty request and an emoji code or
 * type without a name. An empty emoji_name clears the emoji; a name alone gets its code and type looked
 * up; every emoji that is set must exist.
 */
export function resolveStatus(db: Db, params: Params): NewStatus {
  // upstream strips status_text (StringConstraints(strip_whitespace=True))
  const status: NewStatus = params.status_text === undefined ? {} : { status_text: params.status_text.trim() };
  const name = params.emoji_name;
  if (name === undefined) return status;
  if (name === '') return { ...status, emoji_name: '', emoji_code: '', reaction_type: 'unicode_emoji' };
  let code = params.emoji_code;
  let type: EmojiType | undefined = params.reaction_type;
  if (code === undefined || type === undefined) {
    const found = emojiForName(db, name);
    code ??= found.emoji_code;
    type ??= found.reaction_type;
  }
  checkEmojiRequest(db, name, code, type);
  return { ...status, emoji_name: name, emoji_code: code, reaction_type: type };
}

function saveStatus(db: Db, userId: number, status: NewStatus): void {
  db.prepare('INSERT INTO user_status (user_id) VALUES (?) ON CONFLICT (user_id) DO NOTHING').run(userId);
  const parts = (['status_text', 'emoji_name', 'emoji_code', 'reaction_type'] as const).filter((part) => status[part] !== undefined);
  if (parts.length === 0) return;
  db.prepare(`UPDATE user_status SET ${parts.map((part) => `${part} = @${part}`).join(', ')} WHERE user_id = @user_id`).run({ ...status, user_id: userId });
}

/** upstream do_update_user_status's event: only the parts the request set (and `away` if passed). */
export function statusEvent(userId: number, status: NewStatus, away: boolean | undefined): ServerEvent {
  return { type: 'user_status', user_id: userId, ...(away === undefined ? {} : { away }), ...status };
}

export function updateStatus(ctx: ServerContext, actor: UserRow, params: Params): void {
  // upstream @human_users_only
  if (actor.is_bot) throw badRequest('This endpoint does not accept bot requests.');
  const status = resolveStatus(ctx.db, params);
  const settingChanges = ctx.db.transaction(() => {
    // spec: away is deprecated (feature level 148) and means not presence_enabled; upstream changes that
    // setting, which announces itself as a settings change.
    const changes = params.away === undefined ? [] : changedSettings(userSettings(actor), { presence_enabled: !params.away });
    applySettingChanges(ctx.db, actor.id, changes);
    saveStatus(ctx.db, actor.id, status);
    return changes;
  })();
  publishSettingChanges(ctx, actor, settingChanges);
  ctx.events.publish(ACTIVE_USERS, statusEvent(actor.id, status, params.away));
}
