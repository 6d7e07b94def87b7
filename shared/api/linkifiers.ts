// Upstream's linkifier administration endpoints. The spec names register's `realm_linkifiers` and the
// realm_linkifiers event but shows no endpoint for them, so these are upstream's paths, parameters and
// replies (https://zulip.com/api/get-linkifiers, https://zulip.com/api/add-linkifier,
// https://zulip.com/api/update-linkifier, https://zulip.com/api/remove-linkifier,
// https://zulip.com/api/reorder-linkifiers). Organization administrators only, except listing.
import { z } from 'zod';
import { EmptySuccess, endpoint, successEnvelope } from './envelope';
import { Id } from './common';
import { RealmLinkifier } from './register';

/** One linkifier as it is sent: a regular expression and the RFC 6570 URL template its matches link to. */
export const linkifierFields = {
  /** A regular expression; named groups are the template's variables. */
  pattern: z.string(),
  /** RFC 6570 URL template (since feature level 176; it replaced `url_format`). */
  url_template: z.string(),
};

export const getLinkifiers = endpoint('GET', '/realm/linkifiers', z.object({}), successEnvelope({ linkifiers: z.array(RealmLinkifier) }));

export const createLinkifierParams = z.object(linkifierFields);
/** The reply carries the new linkifier's ID. */
export const createLinkifier = endpoint('POST', '/realm/filters', createLinkifierParams, successEnvelope({ id: Id }));

export const updateLinkifierParams = z.object({ filter_id: Id, ...linkifierFields });
export const updateLinkifier = endpoint('PATCH', '/realm/filters/{filter_id}', updateLinkifierParams, EmptySuccess);

export const deleteLinkifier = endpoint('DELETE', '/realm/filters/{filter_id}', z.object({ filter_id: Id }), EmptySuccess);

/** Every linkifier's ID, in the order they are to be applied (feature level 202). */
export const reorderLinkifiersParams = z.object({ ordered_linkifier_ids: z.array(Id) });
export const reorderLinkifiers = endpoint('PATCH', '/realm/linkifiers', reorderLinkifiersParams, EmptySuccess);
