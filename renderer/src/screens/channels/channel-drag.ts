// Channels dragged from the Channels tab's list onto a folder: the selected channels' IDs travel in
// the drag data under the console's own type, so nothing else dropped there is mistaken for channels.
export const CHANNELS_DRAG_TYPE = 'application/x-realm-console-channels';

export function writeDraggedChannels(data: DataTransfer, channelIds: readonly number[]): void {
  data.setData(CHANNELS_DRAG_TYPE, JSON.stringify(channelIds));
  data.effectAllowed = 'move';
}

export function readDraggedChannels(data: DataTransfer): number[] {
  try {
    const parsed: unknown = JSON.parse(data.getData(CHANNELS_DRAG_TYPE) || '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
