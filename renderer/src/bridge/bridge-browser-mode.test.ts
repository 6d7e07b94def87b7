// Which bridge the page uses. In a file of its own: getBridge keeps the browser-mode bridge it made
// for the life of the page, and each test file gets fresh modules.
import { afterEach, expect, test } from 'vitest';
import { BRIDGE_GLOBAL, type Bridge } from '../../../shared/ipc';
import { HOST_META_NAME, getBridge } from './bridge';
import type { WebSocketBridge } from './websocket-bridge';

afterEach(() => {
  delete window[BRIDGE_GLOBAL];
  document.head.innerHTML = '';
});

test('a page no browser host served, with no preload, has no bridge', () => {
  expect(getBridge()).toBeNull();
});

test("the preload's bridge wins wherever there is one", () => {
  const preload = { call: async () => ({ ok: true, value: null }), subscribe: () => () => undefined } as unknown as Bridge;
  window[BRIDGE_GLOBAL] = preload;
  document.head.innerHTML = `<meta name="${HOST_META_NAME}" content="/bridge" />`;
  expect(getBridge()).toBe(preload);
});

test('a page the browser host served talks to it over its WebSocket', () => {
  document.head.innerHTML = `<meta name="${HOST_META_NAME}" content="/bridge" />`;
  const bridge = getBridge() as WebSocketBridge;
  expect(typeof bridge.call).toBe('function');
  expect(getBridge()).toBe(bridge);
  bridge.close();
});
