// What the core writes to its log, in one place: each API request (method, path, status, time),
// each push that says something happened (a queue's state, a job's step, a resync), and each call the
// router refused. Nothing here holds a credential: requests are logged without headers or bodies.
import type { Push } from '../../../shared/ipc';
import type { Exchange } from '../client/api-client';
import type { Router } from '../router';
import type { Log } from './log';

export function logExchange(log: Log, next?: (exchange: Exchange) => void): (exchange: Exchange) => void {
  return (exchange) => {
    const { realmUrl, method, path, status, ms, failure, reason } = exchange;
    if (failure && failure !== 'ABORTED') log.warn('api request failed', { realm: realmUrl, method, path, ms, code: failure, message: `${method} ${path}: ${reason ?? failure}` });
    else log.info('api request', { realm: realmUrl, method, path, status, ms });
    next?.(exchange);
  };
}

export function logPush(log: Log, push: Push): void {
  switch (push.kind) {
    case 'session.state': {
      const { account, state, detail, retryAt } = push;
      const fields = { account, state, detail, retryAt: retryAt === null ? null : new Date(retryAt).toISOString() };
      if (state === 'reconnecting' || state === 'offline') log.warn('queue state', { ...fields, message: `${state}: ${detail ?? ''}` });
      else log.info('queue state', fields);
      return;
    }
    case 'job.progress': {
      const { account, job } = push;
      const fields = { account, job: job.id, type: job.type, status: job.status, done: job.done, total: job.total, counts: job.counts };
      if ((job.status === 'paused' || job.status === 'stopped') && job.detail) log.warn('job step', { ...fields, message: `${job.type} ${job.status}: ${job.detail}` });
      else log.info('job step', fields);
      return;
    }
    case 'realm.resynced':
      log.info('queue resynced', { account: push.account });
      return;
    case 'accounts.changed':
      log.info('accounts changed');
      return;
    case 'moderation.report':
      // The summary quotes a message: only that a report came is logged.
      log.info('report arrived', { account: push.account, reportId: push.reportId });
      return;
    case 'realm.changed':
      // Every event of every realm: too many to log one by one, and the API requests already are.
      return;
  }
}

/** Failures that are part of normal use (a read while offline), logged without counting as problems. */
const ORDINARY_FAILURES = new Set(['NOT_CONNECTED', 'CONFIRMATION_NEEDED', 'ABORTED']);

/** The router, with every refused call in the log: its channel, code and words. */
export function logged(router: Router, log: Log): Router {
  return {
    async handle(channel, input, sender) {
      const result = await router.handle(channel, input, sender);
      if (!result.ok) {
        const fields = { channel: typeof channel === 'string' ? channel.slice(0, 80) : String(channel), code: result.error.code, message: result.error.msg };
        if (ORDINARY_FAILURES.has(result.error.code)) log.info('call failed', fields);
        else log.warn('call failed', fields);
      }
      return result;
    },
  };
}
