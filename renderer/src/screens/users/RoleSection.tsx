// Changing one user's role: every role is listed; one the rules do not allow is disabled, with the rule
// in words beside it (the issue: explain why rather than hide). The change is sent only on "Change role".
import { useId, useState } from 'react';
import type { Role } from '../../../../shared/api/common';
import type { User } from '../../../../shared/api/users';
import type { Account } from '../../../../shared/ipc';
import { ProblemText } from '../../components/Field';
import { useUserChange } from '../../queries/users';
import { toast } from '../../stores/toasts';
import { changeDone, changeFailed } from './change-words';
import { roleOptions, type Actor } from './role-options';

export interface RoleSectionProps {
  account: Account;
  actor: Actor;
  user: User;
  humanOwners: number;
}

export function RoleSection({ account, actor, user, humanOwners }: RoleSectionProps) {
  const [chosen, setChosen] = useState<Role>(user.role);
  const change = useUserChange();
  const id = useId();
  const options = roleOptions(actor, user, humanOwners);
  const chosenOption = options.find((option) => option.role === chosen);
  const canSend = chosen !== user.role && chosenOption?.verdict.allowed === true && !change.isPending;
  const failure = change.isError ? changeFailed('role', user, change.error, change.variables.kind === 'role' ? change.variables.role : undefined) : null;

  const send = () => {
    change.mutate(
      { kind: 'role', account: account.id, userId: user.user_id, role: chosen },
      { onSuccess: (updated) => toast({ kind: 'success', title: changeDone('role', updated) }) },
    );
  };

  return (
    <section className="detail-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change role</h3>
      <fieldset className="role-options" aria-labelledby={`${id}-title`}>
        {options.map((option) => {
          const reasonId = `${id}-reason-${option.role}`;
          const unavailable = !option.verdict.allowed;
          return (
            <div key={option.role} className="role-option" data-unavailable={unavailable || undefined}>
              <label>
                <input
                  type="radio"
                  name={`${id}-role`}
                  value={option.role}
                  checked={chosen === option.role}
                  disabled={unavailable}
                  aria-describedby={unavailable ? reasonId : undefined}
                  onChange={() => {
                    setChosen(option.role);
                    change.reset();
                  }}
                />
                <span>{option.name}</span>
                {option.current && <span className="muted"> (current)</span>}
              </label>
              {!option.verdict.allowed && (
                <p id={reasonId} className="role-reason">
                  {option.verdict.reason}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="detail-actions">
        <button type="button" className="button button-primary" disabled={!canSend} onClick={send}>
          {change.isPending ? 'Changing…' : chosen === user.role ? 'Change role' : `Make ${chosenOption?.name.toLowerCase() ?? ''}`}
        </button>
      </div>
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
    </section>
  );
}
