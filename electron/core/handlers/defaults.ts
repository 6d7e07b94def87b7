// Handlers for the defaults.* channels: a realm's default settings for new members, saving reviewed
// edits, and copying settings to other realms as a job.
import type { defaultsChannels } from '../../../shared/ipc';
import type { DefaultsCopies } from '../defaults/defaults-copy';
import type { DefaultsService } from '../defaults/defaults-service';
import type { Handlers } from '../router';

export interface DefaultsContext {
  readonly defaults: DefaultsService;
  readonly defaultsCopies: DefaultsCopies;
}

export const defaultsHandlers: Pick<Handlers<DefaultsContext>, keyof typeof defaultsChannels> = {
  'defaults.get': ({ account }, ctx) => ctx.defaults.get(account),
  'defaults.save': ({ account, changes, expected, source }, ctx) => ctx.defaults.save(account, { changes, expected, source }),
  'defaults.copy.start': ({ account, targets, names }, ctx) => ctx.defaultsCopies.start(account, targets, names),
  'defaults.copy.get': ({ account, copyId }, ctx) => ctx.defaultsCopies.get(account, copyId),
  'defaults.copy.retryFailed': ({ account, copyId }, ctx) => ctx.defaultsCopies.retryFailed(account, copyId),
};
