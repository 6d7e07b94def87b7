// The channel list: the shared virtual grid (lists/VirtualGrid.tsx) with the channels' columns. A plain
// click opens a channel in the editor without selecting it: the selection is what a bulk move carries,
// and dragging a selected row carries the whole selection, to drop on a folder.
import { useCallback, useMemo, type DragEvent } from 'react';
import type { ChannelEntry } from '../../../../shared/ipc';
import { VirtualGrid, type GridState } from '../../lists/VirtualGrid';
import { writeDraggedChannels } from './channel-drag';
import { CHANNEL_MARKS } from './channel-marks';
import { channelColumns, SORT_KEYS } from './channel-columns';
import type { SortKey } from './channel-index';
import type { CellContext } from './channel-words';
import '../../components/scroll-cue.css';

export interface ChannelsTableProps extends GridState<ChannelEntry, SortKey> {
  /** What the cells word beside each channel (folders, the organization's settings, people). */
  context: CellContext;
}

export const channelRowId = (id: number) => `channels-row-${id}`;
const idOf = (entry: ChannelEntry) => entry.channel.stream_id;
const selectLabel = (entry: ChannelEntry) => `Select #${entry.channel.name}`;

export function ChannelsTable({ context, ...props }: ChannelsTableProps) {
  const columns = useMemo(() => channelColumns(context), [context]);
  const { selection } = props;
  const rowAttributes = useCallback(
    (entry: ChannelEntry, selected: boolean) => ({
      'data-archived': entry.channel.is_archived || undefined,
      draggable: selected,
      onDragStart: (event: DragEvent) => writeDraggedChannels(event.dataTransfer, [...selection.ids]),
    }),
    [selection],
  );
  return (
    <VirtualGrid
      {...props}
      label="Channels"
      className="panel channels-table scroll-cue"
      idOf={idOf}
      rowDomId={channelRowId}
      columns={columns}
      sortKeys={SORT_KEYS}
      marks={CHANNEL_MARKS}
      clickSelects={false}
      selectAllInHeader={false}
      selectLabel={selectLabel}
      rowAttributes={rowAttributes}
      initialWidth={1200}
    />
  );
}
