// The pending invitations, fetched again after invites_changed: the event says only that they changed,
// not how (https://zulip.com/api/get-events#invites_changed). Bursts (a campaign sends many) make one
// refetch once they settle, and an answer a newer refetch or a new register supersedes is dropped.
import { errorMessage } from '../../../shared/node/error-message';
import type { ApiClient } from '../client/api-client';
import { fetchInvitations } from './realm-fetch';
import { withInvitations, type RealmState } from './realm-state';

/** invites_changed often comes in bursts (a campaign sends many); refetch once they settle. */
const INVITATIONS_DEBOUNCE_MS = 250;

export interface InvitationsRefetchOptions {
  client: ApiClient;
  /** The session's state now (null before its first snapshot). */
  state(): RealmState | null;
  /** The state with the refetched invitations, for the session to take and say. */
  apply(state: RealmState): void;
  log(message: string): void;
}

export class InvitationsRefetch {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every refetch and every register, so only the latest answer is applied. */
  private request = 0;
  private stopped = false;

  constructor(private readonly options: InvitationsRefetchOptions) {}

  /** Refetches once the burst settles. */
  soon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refetch();
    }, INVITATIONS_DEBOUNCE_MS);
  }

  /** A new register fetched its own invitations: a refetch begun for an older queue is not applied to a newer state. */
  supersede(): void {
    this.request += 1;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async refetch(): Promise<void> {
    const state = this.options.state();
    if (!state || this.stopped) return;
    const request = ++this.request;
    let invitations;
    try {
      invitations = await fetchInvitations(this.options.client, state);
    } catch (error) {
      // Left stale; the next invites_changed or register tries again.
      this.options.log(`could not refetch the pending invitations: ${errorMessage(error)}`);
      return;
    }
    const current = this.options.state();
    if (this.stopped || request !== this.request || !current) return;
    this.options.apply(withInvitations(current, invitations));
  }
}
