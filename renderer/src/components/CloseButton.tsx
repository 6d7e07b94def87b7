// The X at the top of a side panel (a user's details, the channel editor, a report): its name says
// what it closes, since a screen may show more than one panel.
import { Icon } from './Icon';

export function CloseButton({ label, onClose }: { label: string; onClose(): void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} onClick={onClose}>
      <Icon name="close" />
    </button>
  );
}
