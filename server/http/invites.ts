// spec 9 (send invitations) and upstream's GET /invites, DELETE /invites/{id} and
// POST /invites/{id}/resend: the parameters arrive parsed; the actions decide and reply.
import { getInvites, resendInvite, revokeInvite, sendInvites } from '../../shared/api';
import * as invites from '../actions/invites';
import type { RouteModule } from './route';

export const inviteRoutes: RouteModule = (routes, ctx) => {
  routes.authed(sendInvites, (actor, params) => invites.sendInvites(ctx, actor, params));
  routes.authed(getInvites, (actor) => invites.listInvites(ctx, actor));
  routes.authed(revokeInvite, (actor, { invite_id }) => invites.revokeInvite(ctx, actor, invite_id));
  routes.authed(resendInvite, (actor, { invite_id }) => invites.resendInvite(ctx, actor, invite_id));
};
