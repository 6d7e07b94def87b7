// Changing one user's role, the same on every screen (Users & roles' panel, Moderation's report). Every
// role is listed; one the rules do not allow is disabled, with the rule in words beside it. Nothing is
// chosen for the user: the current role is selected until they pick another. Before it is sent, the
// change says who gains or loses rights and what the new role means; one that leaves nobody to
// administer the organization or takes away the user's own rights is confirmed in words, and so is
// making someone an owner or an administrator (rights over the whole organization). The panel
// follows the user live: a change made elsewhere moves the selection, or, under an unsent choice, is
// said with "Keep my choice" and "Take theirs".
import { useId, useMemo, useState } from 'react';
import type { Role } from '../../../shared/api/common';
import type { User } from '../../../shared/api/users';
import { countHumanOwners, moveWords, reviewRoleChange, ROLE_NAMES } from '../../../shared/domain/role-rules';
import type { Account } from '../../../shared/ipc';
import { ConsentBox } from '../components/ConsentBox';
import { ProblemText } from '../components/Field';
import { useUnsavedEdit } from '../components/unsaved-edits';
import { wordedByCore } from '../errors/words';
import { useUserChange } from '../queries/users';
import { ChangedMeanwhile } from './ChangedMeanwhile';
import { changeDone, grantMeaning, grantWords, ROLE_MEANING } from './change-words';
import { HazardConfirmation, hazardKey } from './HazardConfirmation';
import { roleOptions, type Actor } from './role-options';
import { useLiveDraft } from './use-live-draft';
import './user-changes.css';

export interface RoleChangeProps {
  account: Account;
  actor: Actor;
  user: User;
  /** The organization's users, live: the review counts who would still administer it. */
  people: readonly User[];
  /** 4 inside a section that has its own h3 (Moderation's "Act on …"). */
  headingLevel?: 3 | 4;
}

export function RoleChange({ account, actor, user, people, headingLevel = 3 }: RoleChangeProps) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  const id = useId();
  const draft = useLiveDraft<Role>(user.role);
  const change = useUserChange();
  const [consent, setConsent] = useState<string | null>(null);
  /** What the last change sent from here did, shown while the user still has that role. */
  const [done, setDone] = useState<{ role: Role; words: string } | null>(null);
  const humanOwners = useMemo(() => countHumanOwners(people), [people]);
  const options = roleOptions(actor, user, humanOwners);
  const chosen = draft.value;
  const chosenOption = options.find((option) => option.role === chosen);
  const changing = chosen !== user.role && chosenOption?.verdict.allowed === true;
  const review = useMemo(() => (changing ? reviewRoleChange(people, [user], chosen, actor.userId) : null), [changing, people, user, chosen, actor.userId]);
  const move = review ? (review.promotions[0] ?? review.demotions[0]) : undefined;
  const grant = move && move.to <= 200 && move.to < move.from ? { ...grantWords(user.full_name, false, move.to, account.realmName), words: grantMeaning(move.to) } : null;
  // What the tick confirms: the hazards and the role given, so another choice unticks it.
  const hazards = [hazardKey(review), grant ? `grant:${String(chosen)}` : ''].filter(Boolean).join('+');
  const confirmed = hazards === '' || consent === hazards;
  useUnsavedEdit('role', changing);
  const canSend = changing && confirmed && draft.theirs === null && !change.isPending;
  const failure = change.isError ? wordedByCore(change.error) : null;

  const choose = (role: Role) => {
    draft.set(role);
    setConsent(null);
    setDone(null);
    change.reset();
  };

  const send = () => {
    setDone(null);
    change.mutate(
      { kind: 'role', account: account.id, userId: user.user_id, role: chosen, acknowledged: review?.hazards },
      {
        onSuccess: (updated) => {
          draft.reset(updated.role);
          setConsent(null);
          setDone({ role: updated.role, words: changeDone('role', updated) });
        },
      },
    );
  };

  const doneNote = done?.role === user.role && (
    <p className="change-done" role="status">
      {done.words}
    </p>
  );

  if (actor.role > 200) {
    // Also what remains after administrators demote themselves: what they did stays said.
    return (
      <section className="panel-section" aria-labelledby={`${id}-title`}>
        <Heading id={`${id}-title`} className="section-label">Change role</Heading>
        <p className="role-reason">Only organization administrators and owners can change roles.</p>
        {doneNote}
      </section>
    );
  }

  // One rule that rules out every other role (the only owner) is said once, not under each of them.
  const others = options.filter((option) => !option.current);
  const reasons = new Set(others.map((option) => (option.verdict.allowed ? null : option.verdict.reason)));
  const [onlyReason] = reasons;
  const sharedReason = others.length > 1 && reasons.size === 1 && typeof onlyReason === 'string' ? onlyReason : null;
  const sharedReasonId = `${id}-reason`;

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="section-label">Change role</Heading>
      {sharedReason !== null && (
        <p id={sharedReasonId} className="role-reason">
          {sharedReason}
        </p>
      )}
      <fieldset className="role-options" aria-labelledby={`${id}-title`} disabled={change.isPending}>
        {options.map((option) => {
          const reasonId = sharedReason === null ? `${id}-reason-${option.role}` : sharedReasonId;
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
                  onChange={() => choose(option.role)}
                />
                <span>{option.name}</span>
                {option.current && <span className="muted"> (current)</span>}
              </label>
              {!option.verdict.allowed && sharedReason === null && (
                <p id={reasonId} className="role-reason">
                  {option.verdict.reason}
                </p>
              )}
            </div>
          );
        })}
      </fieldset>
      {draft.theirs !== null && (
        <ChangedMeanwhile theirs={ROLE_NAMES[draft.theirs]} mine={ROLE_NAMES[chosen]} what="choice" onKeep={draft.keepMine} onTake={draft.takeTheirs} />
      )}
      {move && review && (
        <div className="notice change-review" data-tone="info">
          <p>
            <strong>{review.promotions.length > 0 ? 'Gains rights' : 'Loses rights'}</strong> · {moveWords(move)}
          </p>
          {/* The box below says what the role means when one is ticked for it. */}
          {!grant && <p className="muted">{ROLE_MEANING[move.to]}</p>}
          <HazardConfirmation review={review} realmName={account.realmName} confirmed={confirmed} onConfirm={(ticked) => setConsent(ticked ? hazards : null)} />
          {grant && <ConsentBox notice {...grant} checked={confirmed} onChange={(ticked) => setConsent(ticked ? hazards : null)} />}
        </div>
      )}
      <div className="change-actions">
        <button type="button" className="button button-primary" disabled={!canSend} onClick={send}>
          {change.isPending ? 'Changing…' : chosen === user.role ? 'Choose a new role' : `Make ${ROLE_NAMES[chosen].toLowerCase()}`}
        </button>
      </div>
      {failure && (
        <div role="alert">
          <ProblemText message={failure.message} action={failure.action} />
        </div>
      )}
      {doneNote}
    </section>
  );
}

