// Asks before leaving a screen that holds unsaved edits (the screen set a leave guard in stores/ui.ts):
// stay, the safe answer and the default, or discard the edits and go where the user asked.
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useUi } from '../stores/ui';

export function LeaveConfirm() {
  const pending = useUi((state) => state.pendingLeave);
  const confirmLeave = useUi((state) => state.confirmLeave);
  const cancelLeave = useUi((state) => state.cancelLeave);
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
          <p>{pending.unsaved}</p>
          <p>If you leave now, they are lost. Stay to save them first.</p>
        </>
      )}
    </ConfirmDialog>
  );
}
