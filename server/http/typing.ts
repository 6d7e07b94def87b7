// spec 1 (POST /typing) and spec 2 (POST /messages/{message_id}/typing). The schema in shared/api
// requires what each type needs, with upstream's texts ("Missing 'stream_id' argument", ...).
import { setEditTypingStatus, setTypingStatus } from '../../shared/api';
import { setEditTyping, setTyping } from '../actions/typing';
import type { RouteModule } from './route';

export const typingRoutes: RouteModule = (routes, ctx) => {
  routes.authed(setTypingStatus, (actor, params) => {
    setTyping(ctx, actor, params);
    return {};
  });
  routes.authed(setEditTypingStatus, (actor, params) => {
    setEditTyping(ctx, actor, params.message_id, params.op);
    return {};
  });
};
