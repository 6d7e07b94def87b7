// Every group setting the server reports for the channel (spec 3's five and upstream's others), each a
// disclosure: its name and who holds it now, opened to edit it (PermissionEditor). A setting the server
// does not send is not offered: it could not be changed there. Opening one closes the others, except
// one holding an unsaved edit: it stays open with the edit, as closing it would drop the edit unasked.
// Closed with its own toggle, such a one keeps the edit out of sight (still counted by the editor's
// question before leaving) and says "unsaved edit" until it is saved or undone.
import { useId, useState } from 'react';
import type { GroupSettingValue } from '../../../../../shared/api/common';
import { groupSettingWords } from '../../../../../shared/domain/channel-groups';
import { alwaysHoldersShort, CHANNEL_GROUP_SETTINGS, CHANNEL_SETTING_INFO, type ChannelGroupSetting } from '../../../../../shared/domain/channel-permissions';
import { PermissionEditor } from './PermissionEditor';
import type { SectionProps } from './rules-context';
import { useUnsavedKeys } from '../../../components/unsaved-edits';

export function PermissionsSection(props: SectionProps) {
  const id = useId();
  const [open, setOpen] = useState<readonly ChannelGroupSetting[]>([]);
  const unsaved = useUnsavedKeys();
  const edited = (setting: ChannelGroupSetting) => unsaved.has(`permission:${setting}`);
  const toggle = (setting: ChannelGroupSetting) =>
    setOpen((previous) => (previous.includes(setting) ? previous.filter((one) => one !== setting) : [...previous.filter(edited), setting]));
  const { channel } = props.entry;
  const { index, people, policy } = props.rules;
  const always = (setting: ChannelGroupSetting) => alwaysHoldersShort(setting, policy, index, people);
  const reported = CHANNEL_GROUP_SETTINGS.flatMap((setting) => {
    const value = (channel as Record<string, unknown>)[setting] as GroupSettingValue | undefined;
    return value === undefined ? [] : [{ setting, value }];
  });

  return (
    <section className="panel-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="section-label">Permissions</h3>
      <ul className="permission-list">
        {reported.map(({ setting, value }) => {
          const expanded = open.includes(setting);
          const panel = `${id}-${setting}`;
          return (
            <li key={setting} className="permission" data-open={expanded || undefined}>
              <button type="button" className="permission-toggle" aria-expanded={expanded} aria-controls={panel} onClick={() => toggle(setting)}>
                <span className="permission-name">
                  {CHANNEL_SETTING_INFO[setting].label}
                  {!expanded && edited(setting) && <span className="permission-edited"> · unsaved edit</span>}
                </span>
                <span className="permission-holders">
                  {groupSettingWords(value, index, people)}
                  {always(setting) && <span className="muted"> · and always: {always(setting)}</span>}
                </span>
              </button>
              {(expanded || edited(setting)) && (
                <div id={panel} role="region" aria-label={CHANNEL_SETTING_INFO[setting].label} hidden={!expanded}>
                  <PermissionEditor {...props} setting={setting} live={value} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
