// Whether the selected account's event queue is live, in words and an icon (never colour alone),
// announced politely when it changes. Why it is not live, when the next try comes and "Retry now" are
// in the banner above the screen (NotLiveBanner), where there is room for them.
import type { SessionState } from '../../../shared/ipc';
import { Icon } from '../components/Icon';
import { errorWords } from '../errors/words';
import { useSessionStatus } from '../queries/session';
import './live-status.css';

export const STATE_WORDS: Record<SessionState, { label: string; explain: string }> = {
  connecting: { label: 'Connecting', explain: 'Loading the realm’s state from the server…' },
  live: { label: 'Live', explain: 'Changes on the server appear here as they happen.' },
  reconnecting: { label: 'Reconnecting', explain: 'The connection was lost; what you see may be out of date.' },
  offline: { label: 'Offline', explain: 'Not connected to the server; what you see may be out of date.' },
};

export function LiveStatus({ account }: { account: string }) {
  const status = useSessionStatus(account);

  if (status.isError) {
    const words = errorWords(status.error);
    return (
      <div className="live-status" data-state="offline">
        <p role="status" aria-live="polite" className="live-status-text">
          <Icon name="offline" className="live-status-icon" />
          <span>
            <strong>Status unknown</strong>
            <span className="live-status-detail">{words.message}</span>
          </span>
        </p>
      </div>
    );
  }

  const state = status.data?.state ?? 'connecting';
  const words = STATE_WORDS[state];
  return (
    <div className="live-status" data-state={state}>
      <p role="status" aria-live="polite" className="live-status-text">
        <Icon name={state} className="live-status-icon" />
        <span>
          <strong>{words.label}</strong>
          <span className="live-status-detail">{words.explain}</span>
        </span>
      </p>
    </div>
  );
}
