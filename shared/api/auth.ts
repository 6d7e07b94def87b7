// spec 6: fetch an API key with a username and password (no credentials header).
// Upstream documents it: https://zulip.com/api/fetch-api-key.
import { z } from 'zod';
import { endpoint, successEnvelope } from './envelope';
import { UserId } from './common';

export const fetchApiKeyParams = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export const fetchApiKey = endpoint(
  'POST',
  '/fetch_api_key',
  fetchApiKeyParams,
  successEnvelope({
    api_key: z.string(),
    email: z.string(),
    /** Since feature level 171. */
    user_id: UserId.optional(),
  }),
  { spec: 6, auth: 'none' },
);
