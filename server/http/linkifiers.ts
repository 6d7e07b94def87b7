// upstream's linkifier endpoints (the spec names register `realm_linkifiers` and the realm_linkifiers
// event but shows no endpoint for them), with upstream's paths, parameters and replies.
import { z } from 'zod';
import { EmptySuccess, endpoint, Id, RealmLinkifier, successEnvelope } from '../../shared/api';
import { addLinkifier, linkifiersSnapshot, removeLinkifier, reorderLinkifiers, updateLinkifier } from '../actions/linkifiers';
import type { RouteModule } from './app';

const LinkifierFields = { pattern: z.string(), url_template: z.string() };

export const getLinkifiers = endpoint('GET', '/realm/linkifiers', z.object({}), successEnvelope({ linkifiers: z.array(RealmLinkifier) }));
export const createLinkifier = endpoint('POST', '/realm/filters', z.object(LinkifierFields), successEnvelope({ id: Id }));
export const updateLinkifierEndpoint = endpoint('PATCH', '/realm/filters/{filter_id}', z.object({ filter_id: Id, ...LinkifierFields }), EmptySuccess);
export const deleteLinkifier = endpoint('DELETE', '/realm/filters/{filter_id}', z.object({ filter_id: Id }), EmptySuccess);
export const reorderLinkifiersEndpoint = endpoint('PATCH', '/realm/linkifiers', z.object({ ordered_linkifier_ids: z.array(Id) }), EmptySuccess);

export const linkifierRoutes: RouteModule = (routes, ctx) => {
  routes.authed(getLinkifiers, () => ({ linkifiers: linkifiersSnapshot(ctx.db) }));
  routes.authed(createLinkifier, (actor, params) => ({ id: addLinkifier(ctx, actor, params.pattern, params.url_template) }));
  routes.authed(updateLinkifierEndpoint, (actor, params) => {
    updateLinkifier(ctx, actor, params.filter_id, params.pattern, params.url_template);
    return {};
  });
  routes.authed(deleteLinkifier, (actor, params) => {
    removeLinkifier(ctx, actor, params.filter_id);
    return {};
  });
  routes.authed(reorderLinkifiersEndpoint, (actor, params) => {
    reorderLinkifiers(ctx, actor, params.ordered_linkifier_ids);
    return {};
  });
};
