// The channel editor, in the shape of the users screen's detail panel: the channel's facts, then each
// thing an administrator can change, each section saving on its own with the value it showed as `old`.
// It reads the channel from the live list, so a change made anywhere shows at once, in the facts and in
// every form; a channel gone from the realm closes it with a note; archived meanwhile, it says so; hidden
// by the list's search and filters, it says so too and offers to show it there. While a section holds
// an edit not saved, leaving the channel (another channel, Close or Escape, another tab or screen) asks first.
import { useRef, type ReactNode } from 'react';
import { checkAdminister } from '../../../../../shared/domain/channel-admin';
import type { Account, ChannelContext, ChannelEntry } from '../../../../../shared/ipc';
import { escapeCloses } from '../../../components/escape-closes';
import { useFocusReturnOnClose } from '../../../components/focus-return';
import { CloseButton } from '../../../components/CloseButton';
import { useLeaveGuard } from '../../../stores/ui';
import { countWords, createdDate, creatorName, privacyLabel, trafficCell } from '../channel-words';
import { ArchiveSection } from './ArchiveSection';
import { DefaultSection } from './DefaultSection';
import { DescriptionSection } from './DescriptionSection';
import { FolderSection } from './FolderSection';
import { HistorySection } from './HistorySection';
import { NameSection } from './NameSection';
import { PermissionsSection } from './PermissionsSection';
import { PrivacySection } from './PrivacySection';
import { RetentionSection } from './RetentionSection';
import { SubscribersSection } from './SubscribersSection';
import type { RulesContext, SectionProps } from './rules-context';
import { TopicsSection } from './TopicsSection';
import { UnsavedEditsContext, useUnsavedEditsRegistry } from '../../../components/unsaved-edits';
import '../../../components/detail-panel.css';
import './editor.css';

export interface ChannelEditorProps {
  account: Account;
  context: ChannelContext;
  rules: RulesContext;
  entry: ChannelEntry | undefined;
  /** Set while the list's search and filters hide the channel: shows it there. */
  onShowInList?: () => void;
  onClose(): void;
}

export function ChannelEditor({ account, context, rules, entry, onShowInList, onClose }: ChannelEditorProps) {
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  const unsaved = useUnsavedEditsRegistry();
  const count = unsaved.keys.size;
  useLeaveGuard(entry && count > 0 ? `You have ${count === 1 ? 'an unsaved change' : `${count} unsaved changes`} to #${entry.channel.name}.` : null, count);
  if (!entry) {
    return (
      <aside ref={panel} className="panel detail-panel channel-editor" aria-label="Channel" onKeyDown={escapeCloses(onClose)}>
        <div className="section-head detail-head">
          <h2>Channel not found</h2>
          <CloseButton label="Close channel editor" onClose={onClose} />
        </div>
        <p className="muted">This channel is no longer in the organization’s list: it was deleted, or you can no longer see it.</p>
      </aside>
    );
  }
  const { channel } = entry;
  const verdict = checkAdminister(rules.actor, channel, rules.index);
  const props: SectionProps = { account, entry, context, rules, locked: verdict.allowed ? null : verdict.reason };
  const by = creatorName(entry, { policy: rules.policy, folders: rules.folders, users: rules.people });
  return (
    <aside ref={panel} className="panel detail-panel channel-editor" aria-labelledby="channel-editor-name" onKeyDown={escapeCloses(onClose)}>
      <div className="section-head detail-head">
        <h2 id="channel-editor-name">#{channel.name}</h2>
        <CloseButton label="Close channel editor" onClose={onClose} />
      </div>
      {channel.is_archived && (
        <p className="notice" role="status">
          #{channel.name} is archived. Its settings can still be changed; unarchive it below to use it again.
        </p>
      )}
      {onShowInList && (
        <div className="notice hidden-by-filters" role="status">
          <p>#{channel.name} is not shown by the list’s search and filters. You can go on changing it here, or close the editor.</p>
          <button type="button" className="button button-small" onClick={onShowInList}>
            Show it in the list
          </button>
        </div>
      )}
      {!verdict.allowed && <p className="notice">{verdict.reason}</p>}
      <dl className="detail-facts">
        <Fact label="Privacy">{privacyLabel(entry)}</Fact>
        <Fact label="Subscribers">
          {countWords(entry.subscriberCount)}
          {entry.subscribed && <span className="muted"> (you are one)</span>}
        </Fact>
        <Fact label="Weekly traffic">{trafficCell(entry)}</Fact>
        <Fact label="Created">
          {createdDate(entry)}
          {by && ` by ${by}`}
        </Fact>
        <Fact label="Channel ID">{channel.stream_id}</Fact>
      </dl>
      <UnsavedEditsContext.Provider value={unsaved}>
        <NameSection {...props} />
        <DescriptionSection {...props} />
        <PrivacySection {...props} />
        <PermissionsSection {...props} />
        <SubscribersSection {...props} />
        <DefaultSection {...props} />
        <FolderSection {...props} />
        <TopicsSection {...props} />
        <RetentionSection {...props} />
        <ArchiveSection {...props} />
      </UnsavedEditsContext.Provider>
      <HistorySection account={account.id} channelId={channel.stream_id} />
    </aside>
  );
}


function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
