// Another administrator acting on the realm directly over HTTP, beside the console under test.
import { encodeParams } from '../../server/testing/harness';

export interface RealmClient {
  request(method: string, apiPath: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  userId(email: string): Promise<number>;
}

export async function signInDirectly(realmUrl: string, email: string): Promise<RealmClient> {
  const keyReply = await fetch(`${realmUrl}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: email, password: 'sandbox' }) });
  const { api_key: apiKey } = (await keyReply.json()) as { api_key: string };
  const authorization = `Basic ${Buffer.from(`${email}:${apiKey}`).toString('base64')}`;
  const request = async (method: string, apiPath: string, params: Record<string, unknown> = {}) => {
    const url = new URL(`/api/v1${apiPath}`, realmUrl);
    const form = encodeParams(params);
    if (method === 'GET') url.search = form.toString();
    const reply = await fetch(url, { method, headers: { authorization }, body: method === 'GET' ? undefined : form });
    return (await reply.json()) as Record<string, unknown>;
  };
  return {
    request,
    async userId(target) {
      const members = (await request('GET', '/users')).members as { user_id: number; email: string }[];
      const found = members.find((member) => member.email === target);
      if (!found) throw new Error(`no user ${target}`);
      return found.user_id;
    },
  };
}
