// Asks before leaving a screen that holds unsaved edits (the screen set a leave guard in stores/ui.ts):
// stay, the safe answer and the default, or discard the edits and go where the user asked. Closing or
// reloading the window asks too, through the page's own `beforeunload` (a browser shows its "Leave
// site?" question; in Electron, platform/window.ts asks).
import { useEffect } from 'react';
import { plural } from '../../../shared/domain/plural';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useUi } from '../stores/ui';

export function LeaveConfirm() {
  const pending = useUi((state) => state.pendingLeave);
  const confirmLeave = useUi((state) => state.confirmLeave);
  const cancelLeave = useUi((state) => state.cancelLeave);
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent) => {
      if (useUi.getState().leaveGuard?.() == null) return;
      event.preventDefault();
      // Older Chromium (Electron's included) asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);
  return (
    <ConfirmDialog
      open={pending !== null}
      title="Leave without saving?"
      confirmLabel="Discard and leave"
      cancelLabel="Stay"
      danger
      onConfirm={confirmLeave}
      onCancel={cancelLeave}
    >
      {pending && (
        <>
          <p>{pending.unsaved.sentence}</p>
          <p>
            If you leave now, {plural(pending.unsaved.count, 'unsaved change is', 'unsaved changes are')} lost. Stay to save{' '}
            {pending.unsaved.count === 1 ? 'it' : 'them'} first.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
