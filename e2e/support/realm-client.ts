// Another administrator acting on the realm directly over HTTP, beside the console under test (over
// HTTPS trusting the test's own CA, when the sandbox serves it).
import { Agent, fetch as undiciFetch } from 'undici';
import type { TestCertificates } from '../../shared/node/testing/test-certificates';
import { encodeParams } from '../../server/testing/harness';

/** fetch as a client that trusts the test's CA (or the self-signed certificate itself). */
export function directFetch(certificates: TestCertificates | null | undefined): typeof globalThis.fetch {
  if (!certificates) return globalThis.fetch;
  const dispatcher = new Agent({ connect: { ca: certificates.caPem } });
  return ((input: string | URL, init?: RequestInit) => undiciFetch(input, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1])) as unknown as typeof globalThis.fetch;
}

export interface RealmClient {
  request(method: string, apiPath: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  userId(email: string): Promise<number>;
  /** Creates a custom user group (POST /user_groups/create) and returns its ID; throws the server's error. */
  createGroup(name: string, members: number[], subgroups?: number[]): Promise<number>;
  /** The user groups as the server has them now (GET /user_groups). */
  groups(): Promise<{ id: number; name: string; members: number[]; direct_subgroup_ids: number[] }[]>;
}

export async function signInDirectly(realmUrl: string, email: string, certificates?: TestCertificates | null, password = 'sandbox'): Promise<RealmClient> {
  const fetch = directFetch(certificates);
  const keyReply = await fetch(`${realmUrl}/api/v1/fetch_api_key`, { method: 'POST', body: new URLSearchParams({ username: email, password }) });
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
    async createGroup(name, members, subgroups = []) {
      const reply = await request('POST', '/user_groups/create', { name, description: '', members, subgroups });
      if (reply.result !== 'success') throw new Error(`could not create group ${name}: ${String(reply.msg)}`);
      return reply.group_id as number;
    },
    async groups() {
      return (await request('GET', '/user_groups')).user_groups as Awaited<ReturnType<RealmClient['groups']>>;
    },
  };
}
