// A group setting as pills: system roles, user groups and individual users, each removable, and one
// box that searches all three at once (an ARIA combobox: typing, a click or an arrow opens the
// suggestions, arrows move through them, Enter adds one and closes them, Escape closes them before it
// closes any dialog around, Backspace in an empty box removes the last pill). A choice the setting may not hold (Everyone, where guests may
// not be given it) is listed, disabled, with the reason.
//
// The suggestions are a manual popover in the top layer, placed under the box with CSS anchor
// positioning (editor.css). The editor sits in places that clip: the matrix's "Set a value…" dialog,
// whose body scrolls and may be under 100 px tall, and the channel editor's scrolling panel. An
// absolutely positioned list was cut off by them; laying it out in flow would push the dialog's
// buttons about as it opens. The top layer is clipped by no ancestor, and the anchor keeps the list on
// its box while those scroll (flipped above it where there is no room below). A manual popover takes
// no focus and has no light dismiss or Escape of its own: the box keeps the focus and its keys.
import { useCallback, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { User } from '../../../../../shared/api/users';
import { pillWords, SYSTEM_GROUP_WORDS, SYSTEM_ROLE_ORDER, type GroupIndex, type Pill } from '../../../../../shared/domain/channel-groups';
import { Icon } from '../../../components/Icon';

export interface PillEditorProps {
  /** The box's label: "Add who may post messages". */
  label: string;
  pills: readonly Pill[];
  index: GroupIndex;
  people: ReadonlyMap<number, User>;
  disabled: boolean;
  /** What the list says with no pill in it: by default "Nobody", the value an empty setting has. */
  empty?: string;
  /** Why a pill may not be added (null when it may). */
  refusal(pill: Pill): string | null;
  onChange(pills: Pill[]): void;
}

interface Suggestion {
  pill: Pill;
  words: string;
  /** "Role", "Group (12 members)", the user's address. */
  detail: string;
  refusal: string | null;
}

const USERS_SHOWN = 8;

const keyOf = (pill: Pill) => (pill.kind === 'user' ? `u${pill.userId}` : `g${pill.groupId}`);

export function PillEditor({ label, pills, index, people, disabled, empty = 'Nobody', refusal, onChange }: PillEditorProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = useMemo(() => new Set(pills.map(keyOf)), [pills]);
  const suggestions = useMemo(() => (open ? suggest(query, index, people, chosen, refusal) : []), [open, query, index, people, chosen, refusal]);
  const activeSuggestion = suggestions[Math.min(active, suggestions.length - 1)];
  // A dashed ident for CSS: useId's characters are not all allowed in one.
  const anchor = `--pill-search-${id.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // Into the top layer as soon as the list is in the page. happy-dom (the renderer's unit tests) has
  // no popover API: there the list simply stays where it is in the page.
  const showList = useCallback((list: HTMLUListElement | null) => {
    if (list && 'showPopover' in list && !list.matches(':popover-open')) list.showPopover();
  }, []);

  const add = (suggestion: Suggestion | undefined) => {
    if (!suggestion || suggestion.refusal) return;
    onChange([...pills, suggestion.pill]);
    setQuery('');
    setActive(0);
    // Closed once one is chosen: the list lies over what follows the box (the dialog's buttons, the
    // section's Save), and typing or an arrow opens it again for another.
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (suggestions.length === 0 ? 0 : (current + step + suggestions.length) % suggestions.length));
    } else if (event.key === 'Enter') {
      if (open && activeSuggestion) {
        event.preventDefault();
        add(activeSuggestion);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
      }
    } else if (event.key === 'Backspace' && query === '' && pills.length > 0) {
      onChange(pills.slice(0, -1));
    }
  };

  return (
    <div className="pill-editor">
      <ul className="pills" aria-label="Chosen">
        {pills.length === 0 && <li className="muted">{empty}</li>}
        {pills.map((pill) => {
          const words = pillWords(pill, index, people);
          return (
            <li key={keyOf(pill)} className="pill" data-kind={pill.kind}>
              <span>{words}</span>
              <button type="button" className="pill-remove" aria-label={`Remove ${words}`} disabled={disabled} onClick={() => onChange(pills.filter((other) => keyOf(other) !== keyOf(pill)))}>
                <Icon name="close" />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="pill-search">
        <label htmlFor={`${id}-input`}>{label}</label>
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open && suggestions.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && activeSuggestion ? `${id}-option-${keyOf(activeSuggestion.pill)}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="A role, a group or a person"
          value={query}
          disabled={disabled}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          // Not on focus: a dialog opening gives its first field the focus, and the list would lie
          // over the dialog's own buttons before the user asked for it.
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          style={{ anchorName: anchor }}
        />
        {open && suggestions.length > 0 && (
          <ul ref={showList} id={`${id}-list`} role="listbox" aria-label={label} className="pill-suggestions" popover="manual" style={{ positionAnchor: anchor }}>
            {suggestions.map((suggestion) => {
              const key = keyOf(suggestion.pill);
              return (
                <li
                  key={key}
                  id={`${id}-option-${key}`}
                  role="option"
                  aria-selected={suggestion === activeSuggestion}
                  aria-disabled={suggestion.refusal ? true : undefined}
                  // Before the box loses focus, so the choice is not lost to onBlur.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    add(suggestion);
                  }}
                >
                  <span className="suggestion-words">{suggestion.words}</span>
                  <span className="suggestion-detail">{suggestion.refusal ?? suggestion.detail}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Roles, then groups, then people matching every word typed; those already chosen left out. */
function suggest(query: string, index: GroupIndex, people: ReadonlyMap<number, User>, chosen: ReadonlySet<string>, refusal: (pill: Pill) => string | null): Suggestion[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (text: string) => words.every((word) => text.toLowerCase().includes(word));
  const out: Suggestion[] = [];
  for (const name of SYSTEM_ROLE_ORDER) {
    const group = index.system.get(name);
    if (!group) continue;
    const pill: Pill = { kind: 'role', groupId: group.id, name };
    const text = SYSTEM_GROUP_WORDS[name] ?? name;
    if (!chosen.has(keyOf(pill)) && matches(`${text} ${name}`)) out.push({ pill, words: text, detail: 'Role', refusal: refusal(pill) });
  }
  const groups = [...index.byId.values()].filter((group) => !group.is_system_group && !group.deactivated).sort((a, b) => a.name.localeCompare(b.name));
  for (const group of groups) {
    const pill: Pill = { kind: 'group', groupId: group.id };
    if (!chosen.has(keyOf(pill)) && matches(group.name)) out.push({ pill, words: group.name, detail: `Group (${group.members.length} direct members)`, refusal: refusal(pill) });
  }
  if (words.length === 0) return out;
  let shown = 0;
  for (const user of people.values()) {
    if (shown >= USERS_SHOWN) break;
    if (!user.is_active) continue;
    const pill: Pill = { kind: 'user', userId: user.user_id };
    if (chosen.has(keyOf(pill)) || !matches(`${user.full_name} ${user.delivery_email ?? user.email}`)) continue;
    out.push({ pill, words: user.full_name, detail: user.delivery_email ?? user.email, refusal: refusal(pill) });
    shown += 1;
  }
  return out;
}
