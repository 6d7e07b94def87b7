// The options that are lists to choose from: the role (only the roles the user may invite as; the
// others shown disabled with the reason), the channels and the user groups.
import { useId, useState } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { InviteChoices } from '../../../../../shared/ipc';
import { ROLE_NAMES } from '../../../../../shared/domain/role-rules';
import type { CampaignFormValues } from './campaign-form';

type Form = UseFormReturn<CampaignFormValues>;

export function RolePicker({ form, roles }: { form: Form; roles: InviteChoices['roles'] }) {
  const { field } = useController({ control: form.control, name: 'invite_as' });
  return (
    <fieldset className="inv-option-group">
      <legend>Invite as</legend>
      <div className="inv-role-choices">
        {roles.map(({ role, allowed, reason }) => (
          <label key={role} className={allowed ? 'inv-choice' : 'inv-choice inv-choice-disabled'}>
            <input type="radio" name={field.name} value={role} checked={field.value === role} disabled={!allowed} onChange={() => field.onChange(role)} />
            <span>
              <span className="inv-choice-label">{ROLE_NAMES[role]}</span>
              {!allowed && reason && <span className="inv-choice-explanation">{reason}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Above this many channels a filter box helps find one. */
const FILTER_ABOVE = 10;

export function ChannelPicker({ form, channels }: { form: Form; channels: InviteChoices['channels'] }) {
  const id = useId();
  const { field } = useController({ control: form.control, name: 'stream_ids' });
  const includeDefaults = useWatch({ control: form.control, name: 'include_realm_default_subscriptions' });
  const [filter, setFilter] = useState('');
  const selected = new Set(field.value);
  const needle = filter.trim().toLowerCase();
  const shown = needle ? channels.filter((channel) => channel.name.toLowerCase().includes(needle)) : channels;
  const toggle = (channelId: number, on: boolean) => field.onChange(on ? [...field.value, channelId] : field.value.filter((other) => other !== channelId));
  const extra = field.value.length;

  return (
    <fieldset className="inv-option-group">
      <legend>Channels</legend>
      <label className="check-label">
        <input type="checkbox" {...form.register('include_realm_default_subscriptions')} />
        Subscribe them to the organization’s default channels
      </label>
      {channels.length === 0 ? (
        <p className="muted">There are no channels you can subscribe other people to.</p>
      ) : (
        <>
          {channels.length > FILTER_ABOVE && (
            <input
              type="search"
              className="inv-list-filter"
              aria-label="Find a channel"
              placeholder="Find a channel"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
          <ul className="inv-check-list" aria-describedby={`${id}-hint`}>
            {shown.map((channel) => {
              // With the setting on, default channels come with it: shown ticked, not chosen one by one.
              const implied = includeDefaults && channel.isDefault;
              return (
                <li key={channel.id}>
                  <label className="check-label">
                    <input type="checkbox" checked={implied || selected.has(channel.id)} disabled={implied} onChange={(event) => toggle(channel.id, event.target.checked)} />
                    <span>#{channel.name}</span>
                    {channel.isDefault && <span className="tag">default</span>}
                  </label>
                </li>
              );
            })}
            {shown.length === 0 && <li className="muted">No channel matches “{filter}”.</li>}
          </ul>
          <p id={`${id}-hint`} className="field-hint">
            Default channels, and the channels you may add subscribers to.{extra > 0 && ` ${extra} chosen.`}
          </p>
        </>
      )}
    </fieldset>
  );
}

export function GroupPicker({ form, groups }: { form: Form; groups: InviteChoices['groups'] }) {
  const { field } = useController({ control: form.control, name: 'group_ids' });
  const selected = new Set(field.value);
  return (
    <fieldset className="inv-option-group">
      <legend>User groups</legend>
      {groups.length === 0 ? (
        <p className="muted">There are no groups you can add members to.</p>
      ) : (
        <ul className="inv-check-list">
          {groups.map((group) => (
            <li key={group.id}>
              <label className="check-label">
                <input
                  type="checkbox"
                  checked={selected.has(group.id)}
                  onChange={(event) => field.onChange(event.target.checked ? [...field.value, group.id] : field.value.filter((other) => other !== group.id))}
                />
                {group.name}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
