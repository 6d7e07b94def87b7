// The Channels screen's activity log: the changes to channels and folders made from this console, all of
// them or one channel's (the log filtered by channel), newest first, in the shared log's frame (its title
// and the whole log's CSV export).
import { useMemo } from 'react';
import type { Account } from '../../../../shared/ipc';
import { useActivity } from '../../queries/activity';
import { useChannelHistory, useChannels } from '../../queries/channels';
import { ActivityEntries, ActivityLog } from '../../components/ActivityLog';
import { sortKey } from '../../lists/text-keys';
import { useChannelsUi } from './channels-ui';

export function ChannelActivity({ account }: { account: Account }) {
  const channelId = useChannelsUi((state) => state.historyChannel);
  const showHistory = useChannelsUi((state) => state.showHistory);
  const channels = useChannels(account.id);
  const choices = useMemo(
    () => (channels.data ?? []).map((entry) => entry.channel).sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? -1 : 1)),
    [channels.data],
  );

  return (
    <ActivityLog account={account.id} realmName={account.realmName} intro={`Changes to channels and folders made from this console to ${account.realmName}, kept on this computer. Newest first.`}>
      <div className="search-box channels-history-filter">
        <label htmlFor="channel-activity-channel">Channel</label>
        <select id="channel-activity-channel" value={channelId ?? ''} onChange={(event) => showHistory(event.target.value === '' ? null : Number(event.target.value))}>
          <option value="">Every channel and folder</option>
          {choices.map((channel) => (
            <option key={channel.stream_id} value={channel.stream_id}>
              #{channel.name}
            </option>
          ))}
        </select>
      </div>
      {channelId === null ? <EveryChannel account={account.id} /> : <OneChannel account={account.id} channelId={channelId} />}
    </ActivityLog>
  );
}

function EveryChannel({ account }: { account: string }) {
  const log = useActivity(account);
  const entries = useMemo(() => log.data?.filter((entry) => entry.channelId !== undefined || entry.kind === 'folder'), [log.data]);
  return <ActivityEntries log={log} entries={entries} empty="Nothing yet. Changes to channels and folders made from this console are listed here." />;
}

function OneChannel({ account, channelId }: { account: string; channelId: number }) {
  const log = useChannelHistory(account, channelId);
  return <ActivityEntries log={log} empty="No change to this channel has been made from this console yet." />;
}
