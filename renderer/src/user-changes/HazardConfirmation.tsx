// A role change or deactivation that leaves nobody to administer the organization (or no administrator,
// only its owners), or takes away the signed-in user's own rights, is confirmed in words: a box, never
// ticked for the user, whose label states the consequence ("I understand that nobody will be able to
// administer Sandbox Org"). Used by the bulk dialogs and the single changes alike; the core refuses the
// change without it.
import { hazardConsent, hazardWarning, type RoleHolder, type RoleReview } from '../../../shared/domain/role-rules';
import { ConsentBox } from '../components/ConsentBox';

export interface HazardConfirmationProps {
  review: RoleReview<RoleHolder>;
  realmName: string;
  confirmed: boolean;
  onConfirm(confirmed: boolean): void;
}

export function HazardConfirmation({ review, realmName, confirmed, onConfirm }: HazardConfirmationProps) {
  if (review.hazards.length === 0) return null;
  return (
    <ConsentBox
      notice
      title={hazardTitle(review)}
      words={hazardWarning(review, realmName)}
      consent={hazardConsent(review, realmName)}
      checked={confirmed}
      onChange={onConfirm}
    />
  );
}

function hazardTitle(review: RoleReview<RoleHolder>): string {
  if (review.leavesNobody) return 'Nobody would be left to administer the organization';
  if (review.leavesNoAdministrator) return review.ownLoss ? 'You are changing your own role, and no administrator would be left' : 'No administrator would be left';
  return 'You are changing your own role';
}

/**
 * The hazards a box was ticked for. A new hazard (the plan changed while the dialog was open) unticks
 * it: the box confirms exactly what its label says.
 */
export function hazardKey(review: RoleReview<RoleHolder> | null): string {
  if (!review) return '';
  return [...review.hazards, ...(review.leavesNobody ? ['nobody'] : [])].join('+');
}
