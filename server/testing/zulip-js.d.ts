// The parts of upstream's JavaScript client (zulip-js, untyped CommonJS) the integration test uses.
declare module 'zulip-js' {
  type Reply = Promise<Record<string, unknown> & { result: string; msg: string }>;
  interface ZulipClient {
    users: { me: { getProfile(): Reply } };
    streams: { retrieve(params?: Record<string, unknown>): Reply };
    messages: { send(params: Record<string, unknown>): Reply; retrieve(params: Record<string, unknown>): Reply };
    queues: { register(params?: Record<string, unknown>): Reply; deregister(params: Record<string, unknown>): Reply };
    events: { retrieve(params: Record<string, unknown>): Reply };
    typing: { send(params: Record<string, unknown>): Reply };
  }
  function zulip(config: { username: string; password?: string; apiKey?: string; realm: string }): Promise<ZulipClient>;
  export default zulip;
}
