// A bulk role change, before it starts: choose the role, then read who changes, who already has it,
// and who cannot change and why (the same rules the core's job applies). Every selected user goes to
// the job, so the results list one outcome per user, refusals included.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import type { RoleBatch } from '../../../../shared/ipc';
import { ROLE_NAMES, ROLES_IN_ORDER } from '../../../../shared/domain/role-rules';
import { ProblemText } from '../../components/Field';
import { errorWords } from '../../errors/words';
import { useBatchAction } from '../../queries/users';
import '../../components/dialog.css';
import { planBulkRole, type Actor } from './role-options';
import './bulk.css';

export interface BulkRoleDialogProps {
  account: string;
  actor: Actor;
  /** The selected users, in the table's order. */
  users: readonly User[];
  humanOwners: number;
  onClose(): void;
  onStarted(batch: RoleBatch): void;
}

/** Names listed per group; the rest are counted (a selection can be the whole realm). */
const LISTED = 50;
const count = new Intl.NumberFormat();

export function BulkRoleDialog({ account, actor, users, humanOwners, onClose, onStarted }: BulkRoleDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [role, setRole] = useState<Role>(400);
  const plan = useMemo(() => planBulkRole(actor, users, role, humanOwners), [actor, users, role, humanOwners]);
  const start = useBatchAction(account, (batch) => {
    onStarted(batch);
    onClose();
  });
  const failure = start.isError ? errorWords(start.error) : null;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const roleName = ROLE_NAMES[role].toLowerCase();
  return (
    <dialog
      ref={dialog}
      className="dialog bulk-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>Change the role of {users.length === 1 ? '1 user' : `${count.format(users.length)} users`}</h2>
      <div className="dialog-body">
        <fieldset className="bulk-roles">
          <legend>New role</legend>
          {ROLES_IN_ORDER.map((each) => (
            <label key={each} className="chip" data-checked={each === role || undefined}>
              <input type="radio" name={`${id}-role`} checked={each === role} onChange={() => setRole(each)} />
              {ROLE_NAMES[each]}
            </label>
          ))}
        </fieldset>
        <PlanGroup title={`Will become ${roleName}`} users={plan.changes} tone="change" />
        <PlanGroup title={`Already ${roleName}: unchanged`} users={plan.unchanged} tone="same" />
        <PlanGroup
          title="Cannot change: will be listed as failed"
          users={plan.refused.map((refusal) => refusal.user)}
          reasons={new Map(plan.refused.map((refusal) => [refusal.user.user_id, refusal.reason]))}
          tone="refused"
        />
        {failure && (
          <div role="alert">
            <ProblemText message={`The bulk change did not start: ${failure.message}`} action={failure.action ?? 'Nothing was changed. Try again.'} />
          </div>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={plan.changes.length === 0 || start.isPending}
          onClick={() => start.mutate({ kind: 'start', userIds: users.map((user) => user.user_id), role })}
        >
          {start.isPending ? 'Starting…' : plan.changes.length === 0 ? 'Nothing to change' : `Change ${count.format(plan.changes.length)} ${plan.changes.length === 1 ? 'role' : 'roles'}`}
        </button>
      </div>
    </dialog>
  );
}

function PlanGroup({ title, users, reasons, tone }: { title: string; users: readonly User[]; reasons?: Map<number, string>; tone: string }) {
  const headingId = useId();
  if (users.length === 0) return null;
  return (
    <section className={`plan-group plan-${tone}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} <span className="plan-count">{count.format(users.length)}</span>
      </h3>
      <ul>
        {users.slice(0, LISTED).map((user) => (
          <li key={user.user_id}>
            <span className="plan-name">{user.full_name}</span> <span className="muted">{ROLE_NAMES[user.role]}</span>
            {reasons?.get(user.user_id) && <p className="role-reason">{reasons.get(user.user_id)}</p>}
          </li>
        ))}
        {users.length > LISTED && <li className="muted">and {count.format(users.length - LISTED)} more</li>}
      </ul>
    </section>
  );
}
