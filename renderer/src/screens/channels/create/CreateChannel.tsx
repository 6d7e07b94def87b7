// Creating a channel, in the editor's place: its name, description, privacy, whether new members join
// it, its folder, topics policy and retention, each with the rules said before anything is sent (a name
// already in use, archived channels included, or one that only looks like it, and what a name hides:
// shared/domain/channel-names.ts; web-public's preconditions; owners for retention). The
// core creates it with upstream's POST /users/me/subscriptions; the new channel then opens in the editor.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { charCount, type TopicsPolicy } from '../../../../../shared/api/common';
import { checkDefaultChange, checkTopicsPolicyChange } from '../../../../../shared/domain/channel-admin';
import { findNameClash, nameClashWords, nameWarnings } from '../../../../../shared/domain/channel-names';
import { checkPrivacy, isPrivate, PRIVACY_CHOICES, PRIVACY_WORDS, PROTECTED_HISTORY_RULE, type Privacy } from '../../../../../shared/domain/channel-privacy';
import { privacySituation } from '../../../../../shared/domain/channel-privacy-situation';
import { checkRetentionChange, parseRetentionDays, realmRetentionWords, RETAIN_FOREVER } from '../../../../../shared/domain/channel-retention';
import { topicsPolicyLabel, TOPICS_POLICIES } from '../../../../../shared/domain/channel-topics';
import type { Account, ChannelContext, NewChannel } from '../../../../../shared/ipc';
import { ProblemText } from '../../../components/Field';
import { escapeCloses } from '../../../components/escape-closes';
import { useFocusReturnOnClose } from '../../../components/focus-return';
import { CloseButton } from '../../../components/CloseButton';
import { wordedByCore } from '../../../errors/words';
import { useChannels, useCreateChannel } from '../../../queries/channels';
import { useLeaveGuard } from '../../../stores/ui';
import { NameWarnings } from '../editor/NameWarnings';
import type { RulesContext } from '../editor/rules-context';
import '../../../components/detail-panel.css';
import '../editor/editor.css';

export interface CreateChannelProps {
  account: Account;
  context: ChannelContext;
  rules: RulesContext;
  onClose(): void;
  onCreated(channelId: number): void;
}

type RetentionKind = 'default' | 'forever' | 'days';

export function CreateChannel({ account, context, rules, onClose, onCreated }: CreateChannelProps) {
  const id = useId();
  const channels = useChannels(account.id);
  const create = useCreateChannel(account.id);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<Privacy>('public');
  const [isDefault, setIsDefault] = useState(false);
  const [folder, setFolder] = useState<number | null>(null);
  const [topics, setTopics] = useState<TopicsPolicy>('inherit');
  const [retention, setRetention] = useState<RetentionKind>('default');
  const [days, setDays] = useState('');
  const [tried, setTried] = useState(false);
  const panel = useRef<HTMLElement>(null);
  useFocusReturnOnClose(panel);
  useLeaveGuard(name.trim() !== '' || description.trim() !== '' ? 'The channel you were creating is not created yet.' : null);

  const trimmed = name.trim();
  const existing = useMemo(() => (channels.data ?? []).map((entry) => entry.channel), [channels.data]);
  const clash = findNameClash(trimmed, existing, null);
  const warnings = nameWarnings(name);
  const maxName = context.limits.maxNameLength;
  const maxDescription = context.limits.maxDescriptionLength;
  const nameProblem =
    trimmed === ''
      ? 'Type a name for the channel.'
      : maxName !== null && charCount(trimmed) > maxName
        ? `A channel name has at most ${maxName} characters.`
        : clash
          ? nameClashWords(clash)
          : null;
  const showNameProblem = nameProblem !== null && (tried || clash !== null);
  const descriptionProblem = maxDescription !== null && charCount(description) > maxDescription ? `A description has at most ${maxDescription} characters.` : null;
  const situation = useMemo(
    () =>
      privacySituation({ channel: null, isDefault, subscribed: true, moderationChannelId: null, featureLevel: context.featureLevel, actor: rules.actor, policy: rules.policy, index: rules.index, people: rules.people }),
    [isDefault, context.featureLevel, rules],
  );
  const privacyVerdict = checkPrivacy(privacy, situation);
  const defaultVerdict = checkDefaultChange(rules.actor);
  const topicsVerdict = checkTopicsPolicyChange(rules.actor, rules.policy, rules.index);
  const retentionVerdict = checkRetentionChange(rules.actor.role);
  const parsedDays = retention === 'days' ? parseRetentionDays(days) : null;
  const retentionValue = retention === 'default' ? null : retention === 'forever' ? RETAIN_FOREVER : parsedDays?.ok ? parsedDays.days : undefined;
  const problems = [nameProblem, descriptionProblem, privacyVerdict.allowed ? null : privacyVerdict.reason, retentionValue === undefined && parsedDays && !parsedDays.ok ? parsedDays.problem : null].filter(
    (problem): problem is string => problem !== null,
  );
  const failure = create.isError ? wordedByCore(create.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.length > 0 || retentionValue === undefined || create.isPending) return;
    const channel: NewChannel = { name: trimmed, description, privacy, isDefault, retention: retentionValue, topicsPolicy: topics, folderId: folder, groups: {} };
    create.mutate(channel, { onSuccess: (entry) => onCreated(entry.channel.stream_id) });
  };

  return (
    <aside ref={panel} className="panel detail-panel channel-editor" aria-labelledby={`${id}-title`} onKeyDown={escapeCloses(onClose)}>
      <div className="section-head detail-head">
        <h2 id={`${id}-title`}>New channel</h2>
        <CloseButton label="Close the new channel form" onClose={onClose} />
      </div>
      <form onSubmit={submit} noValidate className="create-form">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Name</label>
          {/* The form was asked for to be filled in: its first field has the focus. */}
          <input
            id={`${id}-name`}
            autoFocus
            value={name}
            aria-invalid={tried && nameProblem ? true : undefined}
            aria-describedby={[showNameProblem ? `${id}-name-problem` : null, warnings.length > 0 ? `${id}-name-warnings` : null].filter(Boolean).join(' ') || undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {showNameProblem && <ProblemText id={`${id}-name-problem`} message={nameProblem} />}
          <NameWarnings id={`${id}-name-warnings`} warnings={warnings} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-description`}>Description (Markdown, optional)</label>
          <textarea id={`${id}-description`} className="description-input" rows={2} value={description} onChange={(event) => setDescription(event.target.value)} />
          {descriptionProblem && <ProblemText message={descriptionProblem} />}
        </div>
        <fieldset className="role-options">
          <legend>Privacy</legend>
          {PRIVACY_CHOICES.map((choice) => {
            const verdict = checkPrivacy(choice, situation);
            return (
              <div key={choice} className="role-option" data-unavailable={!verdict.allowed || undefined}>
                <label>
                  <input type="radio" name={`${id}-privacy`} checked={privacy === choice} disabled={!verdict.allowed} aria-describedby={`${id}-privacy-${choice}`} onChange={() => setPrivacy(choice)} />
                  <span>{PRIVACY_WORDS[choice].label}</span>
                </label>
                <p id={`${id}-privacy-${choice}`} className="role-reason">
                  {verdict.allowed ? PRIVACY_WORDS[choice].meaning : verdict.reason}
                </p>
              </div>
            );
          })}
          <p className="muted section-note">{PROTECTED_HISTORY_RULE}</p>
        </fieldset>
        <div className="form-field">
          <label className="check-label">
            <input type="checkbox" checked={isDefault} disabled={!defaultVerdict.allowed || isPrivate(privacy)} aria-describedby={`${id}-default`} onChange={(event) => setIsDefault(event.target.checked)} />
            <span>A default channel: new members join it when they sign up</span>
          </label>
          <p id={`${id}-default`} className="role-reason">
            {!defaultVerdict.allowed ? defaultVerdict.reason : isPrivate(privacy) ? 'A private channel cannot be a default channel.' : 'Existing members are not subscribed by this.'}
          </p>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-folder`}>Folder</label>
          <select id={`${id}-folder`} value={folder ?? ''} onChange={(event) => setFolder(event.target.value === '' ? null : Number(event.target.value))}>
            <option value="">No folder</option>
            {context.folders
              .filter((candidate) => !candidate.is_archived)
              .map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-topics`}>Topics</label>
          <select id={`${id}-topics`} value={topics} disabled={!topicsVerdict.allowed} onChange={(event) => setTopics(event.target.value as TopicsPolicy)}>
            {TOPICS_POLICIES.map((policy) => (
              <option key={policy} value={policy}>
                {topicsPolicyLabel(policy, rules.policy.emptyTopicName)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="role-options" disabled={!retentionVerdict.allowed}>
          <legend>Message retention</legend>
          {!retentionVerdict.allowed && <p className="role-reason">{retentionVerdict.reason}</p>}
          <div className="role-option">
            <label>
              <input type="radio" name={`${id}-retention`} checked={retention === 'default'} onChange={() => setRetention('default')} />
              <span>The organization’s default ({realmRetentionWords(rules.policy.messageRetentionDays)})</span>
            </label>
          </div>
          <div className="role-option">
            <label>
              <input type="radio" name={`${id}-retention`} checked={retention === 'forever'} onChange={() => setRetention('forever')} />
              <span>Forever</span>
            </label>
          </div>
          <div className="role-option retention-days">
            <label>
              <input type="radio" name={`${id}-retention`} checked={retention === 'days'} onChange={() => setRetention('days')} />
              <span>A number of days</span>
            </label>
            <label className="visually-hidden" htmlFor={`${id}-days`}>
              Days to keep messages
            </label>
            <input id={`${id}-days`} className="days-input" inputMode="numeric" placeholder="90" value={days} disabled={retention !== 'days'} onChange={(event) => setDays(event.target.value)} />
          </div>
        </fieldset>
        <p className="muted section-note">Its permissions start at the server’s defaults, with you as its administrator; change them once it exists. You will be its first subscriber.</p>
        {tried && problems.length > 0 && (
          <div role="alert">
            <ProblemText message={problems[0]} action="Fix it, then create the channel." />
          </div>
        )}
        {failure && (
          <div role="alert">
            <ProblemText message={failure.message} action={failure.action} />
          </div>
        )}
        <div className="change-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : trimmed ? `Create #${trimmed}` : 'Create the channel'}
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </aside>
  );
}
