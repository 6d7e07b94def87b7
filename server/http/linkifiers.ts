// upstream's linkifier endpoints (shared/api/linkifiers.ts): list, add, update, remove and reorder.
import { createLinkifier, deleteLinkifier, getLinkifiers, reorderLinkifiers, updateLinkifier } from '../../shared/api';
import * as actions from '../actions/linkifiers';
import { linkifiersSnapshot } from '../db/linkifier-queries';
import type { RouteModule } from './route';

export const linkifierRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getLinkifiers, () => ({ linkifiers: linkifiersSnapshot(ctx.db) }));
  routes.authed(createLinkifier, (actor, params) => ({ id: actions.addLinkifier(ctx, actor, params.pattern, params.url_template) }));
  routes.authed(updateLinkifier, (actor, params) => {
    actions.updateLinkifier(ctx, actor, params.filter_id, params.pattern, params.url_template);
    return {};
  });
  routes.authed(deleteLinkifier, (actor, params) => {
    actions.removeLinkifier(ctx, actor, params.filter_id);
    return {};
  });
  routes.authed(reorderLinkifiers, (actor, params) => {
    actions.reorderLinkifiers(ctx, actor, params.ordered_linkifier_ids);
    return {};
  });
};
