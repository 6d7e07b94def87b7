import { afterEach, describe, expect, test } from 'vitest';
import { BRIDGE_GLOBAL, type Bridge } from '../../../shared/ipc';
import { BridgeError, call } from './bridge';

function installBridge(reply: Awaited<ReturnType<Bridge['call']>>) {
  window[BRIDGE_GLOBAL] = { call: async () => reply, subscribe: () => () => undefined } as Bridge;
}

afterEach(() => {
  delete window[BRIDGE_GLOBAL];
});

describe('renderer bridge', () => {
  test('without a bridge, a call fails with words that say what to open instead', async () => {
    const error = await call('app.info', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe('NO_BRIDGE');
    expect((error as BridgeError).message).toContain('Open Realm Console as a desktop app');
  });

  test('an error envelope becomes a BridgeError that keeps the code and extra fields', async () => {
    installBridge({ ok: false, error: { code: 'STREAM_DOES_NOT_EXIST', msg: "Channel with ID '9' does not exist", stream_id: 9 } });
    const error = (await call('app.info', {}).catch((e: unknown) => e)) as BridgeError;
    expect(error.code).toBe('STREAM_DOES_NOT_EXIST');
    expect(error.message).toBe("Channel with ID '9' does not exist");
    expect(error.detail.stream_id).toBe(9);
  });
});
