// "Copy to other realms": which settings (by section), to which signed-in realms, and what each realm
// would change, before anything is sent. Nothing is preselected; realms where the signed-in user is
// not an administrator cannot be chosen, and say why.
import { useMemo, useState } from 'react';
import type { UserSettingName, UserSettingValue } from '../../../../shared/api';
import { changeWords, settingList } from '../../../../shared/domain/defaults-words';
import { catalogueByGroup, type SettingGroup } from '../../../../shared/domain/user-settings-defaults';
import type { Account, DefaultsCopy, DefaultsView } from '../../../../shared/ipc';
import { Dialog } from '../../components/Dialog';
import { ProblemText } from '../../components/Field';
import { errorWords } from '../../errors/words';
import { useAccounts } from '../../queries/accounts';
import { useAllDefaults, useCopyAction } from '../../queries/defaults';
import { hostOf, otherRealms } from './realm-host';

const GROUPS = catalogueByGroup();

export interface CopyDialogProps {
  view: DefaultsView;
  /** Unsaved edits on the form, which a copy does not include. */
  unsaved: number;
  onClose(): void;
  onStarted(copy: DefaultsCopy): void;
}

export function CopyDialog({ view, unsaved, onClose, onStarted }: CopyDialogProps) {
  const accounts = useAccounts().data ?? [];
  // The account's own address, as the others' are written (the view's is the server's own name for it).
  const others = otherRealms(accounts, { id: view.account, realmUrl: accounts.find((account) => account.id === view.account)?.realmUrl ?? view.realmUrl });
  const defaults = useAllDefaults(others);
  const [groups, setGroups] = useState<ReadonlySet<SettingGroup>>(() => new Set(GROUPS.map(({ group }) => group.id)));
  const [targets, setTargets] = useState<ReadonlySet<string>>(new Set());
  const start = useCopyAction(view.account, (copy) => {
    onStarted(copy);
    onClose();
  });
  const names = useMemo(() => GROUPS.filter(({ group }) => groups.has(group.id)).flatMap(({ entries }) => entries.map((entry) => entry.name).filter((name) => view.values[name] !== undefined)), [groups, view.values]);
  const toggle = <T,>(set: ReadonlySet<T>, item: T) => {
    const next = new Set(set);
    if (!next.delete(item)) next.add(item);
    return next;
  };
  const failure = start.isError ? errorWords(start.error) : null;

  return (
    <Dialog
      focusFirstField
      title="Copy default settings to other realms"
      wide
      onCancel={onClose}
      confirm={{
        label: start.isPending ? 'Starting…' : targets.size === 1 ? 'Copy to 1 realm' : `Copy to ${targets.size} realms`,
        disabled: targets.size === 0 || names.length === 0 || start.isPending,
        onClick: () => start.mutate({ kind: 'start', targets: [...targets], names }),
      }}
    >
      <p>
        The values {view.realmName} has saved now are copied: each realm gets one request with only the settings that differ there.
        {unsaved > 0 && ` Your ${unsaved} unsaved ${unsaved === 1 ? 'change is' : 'changes are'} not included: save first to copy ${unsaved === 1 ? 'it' : 'them'}.`}
      </p>
      <fieldset className="copy-groups">
        <legend>Settings to copy ({names.length})</legend>
        {GROUPS.map(({ group, entries }) => (
          <label key={group.id} className="check-label">
            <input type="checkbox" checked={groups.has(group.id)} onChange={() => setGroups(toggle(groups, group.id))} />
            {group.label} <span className="muted">({entries.length})</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="copy-targets">
        <legend>Copy to</legend>
        {others.length === 0 && <p className="muted">You are signed in to no other realm. Add one with “Add an organization…” in the realm switcher, then copy.</p>}
        {others.map((account, index) => (
          <Target key={account.id} account={account} query={defaults[index]} names={names} source={view.values} checked={targets.has(account.id)} onToggle={() => setTargets(toggle(targets, account.id))} />
        ))}
      </fieldset>
      {failure && (
        <div role="alert">
          <ProblemText className="form-error" message={`Could not start the copy: ${failure.message}`} action={failure.action} />
        </div>
      )}
    </Dialog>
  );
}

interface TargetProps {
  account: Account;
  query: ReturnType<typeof useAllDefaults>[number] | undefined;
  names: readonly string[];
  source: Record<string, UserSettingValue>;
  checked: boolean;
  onToggle(): void;
}

/** One realm to copy to: whether it can be chosen, and what would change there. */
function Target({ account, query, names, source, checked, onToggle }: TargetProps) {
  const target = query?.data;
  const refused = target && !target.canEdit ? target.readOnlyReason : null;
  const changes = target ? names.filter((name) => target.values[name] !== undefined && target.values[name] !== source[name]) : [];
  const unreported = target ? names.filter((name) => target.values[name] === undefined) : [];
  const id = `copy-target-${account.id}`;
  return (
    <div className="copy-target" data-refused={refused ? true : undefined}>
      <label className="check-label" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked && !refused} disabled={Boolean(refused)} onChange={onToggle} aria-describedby={`${id}-status`} />
        <span>
          <strong>{account.realmName}</strong> <span className="muted">({hostOf(account.realmUrl)}) as {account.email}</span>
        </span>
      </label>
      <div id={`${id}-status`} className="copy-target-status">
        {query?.isPending && <span className="muted">Reading its settings…</span>}
        {query?.isError && <span className="muted">Its current settings cannot be read now ({errorWords(query.error).message}); the copy will try anyway.</span>}
        {refused && <span className="muted">{refused}</span>}
        {target && !refused && (changes.length === 0 ? <span className="muted">Already has these values: nothing would change.</span> : <ChangeList changes={changes} target={target} source={source} />)}
        {target && !refused && unreported.length > 0 && (
          <p className="muted">
            Its server (feature level {target.featureLevel}) does not report {settingList(unreported)}: it will probably ignore {unreported.length === 1 ? 'it' : 'them'}, and the results will say so.
          </p>
        )}
      </div>
    </div>
  );
}

function ChangeList({ changes, target, source }: { changes: readonly string[]; target: DefaultsView; source: Record<string, UserSettingValue> }) {
  return (
    <details>
      <summary>
        {changes.length} {changes.length === 1 ? 'setting would change' : 'settings would change'}
      </summary>
      <ul>
        {changes.map((name) => (
          <li key={name}>{changeWords({ name: name as UserSettingName, from: target.values[name], to: source[name] as UserSettingValue })}</li>
        ))}
      </ul>
    </details>
  );
}
