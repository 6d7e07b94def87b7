// A local HTTP receiver for outgoing-webhook tests (spec 22): it records every POST it gets and answers
// each with what the test's `respond` decides, which may be nothing at all (the request is then held
// open until the test releases it or the server gives up on it).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  body: unknown;
  headers: IncomingMessage['headers'];
  /** True once the sender gave up on it (closed the connection) before an answer. */
  abandoned: boolean;
  answered: boolean;
}

/** An answer: status and JSON body, or 'hold' to answer nothing. */
export type Answer = { status: number; json?: unknown; text?: string } | 'hold';

export interface WebhookReceiver {
  readonly url: string;
  readonly received: ReceivedRequest[];
  /** Decides each answer; receives the request's index (0 for the first) and its parsed body. */
  respond: (index: number, body: unknown) => Answer;
  /** Resolves once `count` requests in all have arrived (fails after `timeoutMs` of real time). */
  waitForRequests(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  /** Answers every held request with 200 {"response_not_required": true}. */
  releaseHeld(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const held: { request: ReceivedRequest; response: ServerResponse }[] = [];
  const answer = (record: ReceivedRequest, response: ServerResponse, status: number, body: string) => {
    record.answered = true;
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
  };
  const receiver: WebhookReceiver = {
    url: '',
    received,
    respond: () => ({ status: 200, json: { response_not_required: true } }),
    async waitForRequests(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return received.slice(0, count);
    },
    releaseHeld() {
      for (const { request, response } of held.splice(0)) {
        if (!request.abandoned) answer(request, response, 200, JSON.stringify({ response_not_required: true }));
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const record: ReceivedRequest = { body, headers: request.headers, abandoned: false, answered: false };
      const index = received.push(record) - 1;
      response.on('close', () => {
        if (!record.answered) record.abandoned = true;
      });
      const decided = receiver.respond(index, body);
      if (decided === 'hold') held.push({ request: record, response });
      else answer(record, response, decided.status, decided.text ?? JSON.stringify(decided.json ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  Object.assign(receiver, { url: `http://127.0.0.1:${port}/hook` });
  return receiver;
}
