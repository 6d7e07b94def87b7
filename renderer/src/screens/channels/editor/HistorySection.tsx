// The channel's history: the changes made to it from this console (the activity log filtered by
// channel), newest first, with a way to the whole log filtered the same way.
import { useId } from 'react';
import { useChannelHistory } from '../../../queries/channels';
import { useUi } from '../../../stores/ui';
import { useChannelsUi } from '../channels-ui';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const SHOWN = 5;

export function HistorySection({ account, channelId }: { account: string; channelId: number }) {
  const id = useId();
  const history = useChannelHistory(account, channelId);
  const showHistory = useChannelsUi((state) => state.showHistory);
  // The activity log is another tab: an unsaved edit in the editor is asked about first.
  const leaveThen = useUi((state) => state.leaveThen);
  const entries = history.data ?? [];
  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">History</h3>
      {history.isPending ? (
        <p className="muted">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="muted">No change to this channel has been made from this console yet.</p>
      ) : (
        <ul className="history-list" aria-label="Latest changes">
          {entries.slice(0, SHOWN).map((entry, index) => (
            <li key={`${entry.at}-${index}`} data-result={entry.result}>
              <span className="history-when">{when.format(entry.at)}</span> {entry.action}
              {entry.details && `: ${entry.details}`} <span className="muted">by {entry.actor}</span>
              {entry.result === 'failed' && <span className="outcome outcome-failed"> (failed)</span>}
            </li>
          ))}
        </ul>
      )}
      {entries.length > 0 && (
        <button type="button" className="link-button" onClick={() => leaveThen(() => showHistory(channelId))}>
          The whole history of this channel in the activity log
        </button>
      )}
    </section>
  );
}
