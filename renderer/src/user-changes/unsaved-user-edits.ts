// A user's panel (Users & roles' details, Moderation's "Act on …") holding a change chosen but not
// applied (a role picked, a name typed): leaving the screen, or opening another user or report, asks
// first, naming what would be lost. The parts report through components/unsaved-edits.ts.
import { listWords } from '../../../shared/domain/list-words';
import { useUnsavedEditsRegistry, type UnsavedEdits } from '../components/unsaved-edits';
import { useLeaveGuard } from '../stores/ui';

/** For the panel: the registry to provide through UnsavedEditsContext; `name` is the user's. */
export function useUnsavedUserEdits(name: string | null): UnsavedEdits {
  const unsaved = useUnsavedEditsRegistry();
  const parts = [...unsaved.keys].sort();
  const count = parts.length;
  useLeaveGuard(name !== null && count > 0 ? `Your ${count === 1 ? 'change' : 'changes'} to ${name}’s ${listWords(parts)} ${count === 1 ? 'is' : 'are'} not applied yet.` : null, count);
  return unsaved;
}
