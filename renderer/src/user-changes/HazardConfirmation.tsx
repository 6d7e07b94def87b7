// A role change that leaves nobody to administer the organization, or takes away the signed-in user's
// own rights, is confirmed in words: a box, never ticked for the user, whose label states the
// consequence ("I understand that nobody will be able to administer Sandbox Org"). Used by the bulk
// dialog and the single change alike; the core refuses the change without it.
import { useId } from 'react';
import { hazardConsent, hazardWarning, type RoleHolder, type RoleReview } from '../../../shared/domain/role-rules';
import { Icon } from '../components/Icon';
import './user-changes.css';

export interface HazardConfirmationProps {
  review: RoleReview<RoleHolder>;
  realmName: string;
  confirmed: boolean;
  onConfirm(confirmed: boolean): void;
}

export function HazardConfirmation({ review, realmName, confirmed, onConfirm }: HazardConfirmationProps) {
  const id = useId();
  if (review.hazards.length === 0) return null;
  return (
    <div className="notice hazard" data-tone="warning" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-warning`}>
      <p id={`${id}-title`} className="hazard-title">
        <Icon name="offline" />
        <span>{hazardTitle(review)}</span>
      </p>
      <p id={`${id}-warning`}>{hazardWarning(review, realmName)}</p>
      <label className="hazard-consent">
        <input type="checkbox" required checked={confirmed} onChange={(event) => onConfirm(event.target.checked)} />
        <span>{hazardConsent(review, realmName)}</span>
      </label>
    </div>
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
