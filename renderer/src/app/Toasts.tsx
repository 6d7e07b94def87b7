// The toasts of stores/toasts.ts, in the sidebar's free space so they cover no control (toasts.css).
// The region is polite, so a screen reader reads a notice when it is free; errors are alerts, read at once.
import { Icon } from '../components/Icon';
import { useToasts } from '../stores/toasts';
import './toasts.css';

const ICONS = { success: 'live', info: 'info', error: 'error' } as const;
const KIND_WORDS = { success: 'Done', info: 'Note', error: 'Error' } as const;

export function Toasts() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  return (
    // "Messages": not "Notifications", the name of a section of Default settings, so each name is one region.
    <section className="toasts" aria-label="Messages" aria-live="polite">
      {/* Newest first: the region stacks them from the bottom up (toasts.css). */}
      {[...toasts].reverse().map((toast) => (
        <div key={toast.id} className="toast" data-kind={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <Icon name={ICONS[toast.kind]} className="toast-icon" />
          <div className="toast-text">
            <p className="toast-title">
              <span className="visually-hidden">{KIND_WORDS[toast.kind]}: </span>
              {toast.title}
            </p>
            {toast.action && <p className="toast-action">{toast.action}</p>}
          </div>
          <button type="button" className="icon-button" aria-label={`Dismiss: ${toast.title}`} title="Dismiss" onClick={() => dismiss(toast.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </section>
  );
}
