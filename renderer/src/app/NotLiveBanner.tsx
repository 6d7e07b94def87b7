// Above the open screen, while the selected organization's session is not live: what the screen shows
// (the last known data, and from when, or nothing yet), why, when the console tries again (counting
// down), and "Retry now". Hidden while live, and during the very first try (the screen says it is
// loading). The sidebar's status announces each change of state; this banner is not a live region, so
// its countdown is not read out every second.
import { useEffect, useId, useState } from 'react';
import type { Account, SessionStatus } from '../../../shared/ipc';
import { Icon } from '../components/Icon';
import { useReconnect, useSessionStatus } from '../queries/session';
import './not-live-banner.css';

export function NotLiveBanner({ account }: { account: Account }) {
  const status = useSessionStatus(account.id).data;
  const reconnect = useReconnect(account.id);
  const titleId = useId();
  const now = useNow(status?.retryAt ?? null);
  if (!status || status.state === 'live' || status.detail === null) return null;

  const known = status.lastLiveAt !== null;
  const trying = status.retryAt !== null && status.retryAt <= now;
  return (
    <section className="notice not-live" data-tone={status.state === 'offline' ? 'danger' : 'warning'} data-state={status.state} aria-labelledby={titleId}>
      <Icon name={status.state === 'offline' ? 'offline' : 'reconnecting'} className="not-live-icon" />
      <div className="not-live-text">
        <p>
          <strong id={titleId}>{known ? 'Not live' : 'Not connected'}</strong>
          {known ? `: showing what was known at ${clockTime(status.lastLiveAt as number, now)}.` : `: nothing is loaded from ${account.realmName} yet.`}{' '}
          <span className="not-live-next">{nextTry(status, now)}</span>
        </p>
        <p className="not-live-detail">{status.detail}</p>
      </div>
      <button type="button" className="button" disabled={trying || reconnect.isPending} onClick={() => reconnect.mutate()}>
        Retry now
      </button>
    </section>
  );
}

function nextTry(status: SessionStatus, now: number): string {
  // Waiting for the user: the server refused the credentials, and the detail says what to do.
  if (status.retryAt === null) return 'Not trying again by itself.';
  if (status.retryAt <= now) return 'Trying again now…';
  const seconds = Math.ceil((status.retryAt - now) / 1000);
  return seconds < 90 ? `Next try in ${seconds} s.` : `Next try in ${Math.round(seconds / 60)} min.`;
}

/** 14:02 today; with the date on another day. */
function clockTime(at: number, now: number): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  return new Intl.DateTimeFormat(undefined, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** The time now, ticking every second until `until` (the moment counted down to) has come. */
function useNow(until: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === null) return;
    const tick = () => setNow(Date.now());
    // A new moment to count to: catch up with the real time at once, not at the next tick.
    const first = setTimeout(tick, 0);
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [until]);
  return now;
}
