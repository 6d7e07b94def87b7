// Keyboard focus is never dropped to <body> (docs/style.md, "The screens"): a keyboard or screen-reader
// user would be thrown to the top of the page. Chromium drops focus there whenever the focused element
// is removed, hidden or disabled: a dialog unmounted, a button that disables itself while it works, a
// row replaced by its new state. This file is the one answer: what opened a dialog or a panel gets the
// focus back when it closes (useFocusReturn), and anything else that loses the focus hands it to the
// nearest control that is still there (installFocusKeeper, once for the whole page).
import { useInsertionEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Whether focus() would land on a control: in the page, not disabled, hidden, inert or in a closed dialog. */
export function isFocusable(element: Element | null): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected || element === document.body) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  if (element.closest('[hidden], [inert], fieldset[disabled]')) return false;
  const dialog = element.closest('dialog');
  return !dialog || dialog.open;
}

/**
 * Focuses the first control inside the nearest of `path` (an element and its ancestors, as they were)
 * still in the page: the neighbour of a control that is gone or disabled, the panel or list around it.
 * Nothing inside `leaving` (a panel being closed) is chosen.
 */
export function focusNear(path: readonly Element[], leaving: Element | null = null): boolean {
  const found = nearest(path, leaving);
  return found !== null && focusOn(found.element);
}

/** The control focusNear would choose, and how far up `path` its container is. */
function nearest(path: readonly Element[], leaving: Element | null = null): { element: HTMLElement; depth: number } | null {
  const stays = (element: Element): element is HTMLElement => isFocusable(element) && !leaving?.contains(element);
  for (const [depth, container] of path.entries()) {
    if (!container.isConnected || leaving?.contains(container)) continue;
    if (stays(container) && container.matches(FOCUSABLE)) return { element: container, depth };
    const inside = [...container.querySelectorAll(FOCUSABLE)].find(stays);
    if (inside) return { element: inside, depth };
  }
  return null;
}

function focusOn(element: HTMLElement): boolean {
  element.focus();
  return document.activeElement === element;
}

function pathOf(element: Element | null): Element[] {
  const path: Element[] = [];
  for (let node = element; node && node !== document.body; node = node.parentElement) path.push(node);
  return path;
}

/** Focus nobody chose: on <body>, or on a control that has just been disabled. */
function focusDropped(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || (active instanceof HTMLElement && !isFocusable(active));
}

/**
 * Remembers what had the focus when `open` became true (before the opened part takes it with autoFocus) and gives it back with `restore()`; when that element is gone,
 * `fallback` runs, else its nearest surviving neighbour gets the focus. `restore` leaves alone a focus
 * the user has since put somewhere else than inside `within`.
 */
export function useFocusReturn(open: boolean) {
  const saved = useRef<{ opener: Element | null; path: Element[] } | null>(null);
  // An insertion effect runs before React focuses an autoFocus control of the same commit, so the
  // focus read here is still the opener's.
  useInsertionEffect(() => {
    if (!open || saved.current !== null) return;
    const opener = document.activeElement;
    saved.current = { opener, path: pathOf(opener) };
  });
  const restore = (within: Element | null, fallback?: () => void) => {
    const from = saved.current;
    saved.current = null;
    if (!from) return;
    const active = document.activeElement;
    if (!focusDropped() && !(within && active && within.contains(active))) return;
    if (isFocusable(from.opener)) from.opener.focus();
    // An opener disabled while the confirmed step works (Archive, Save) lends the focus to its nearest
    // neighbour without scrolling there, and takes it back when it is enabled: not thrown to the top of the panel.
    else if (from.opener instanceof HTMLElement && from.opener.isConnected && lendFocus?.(from.opener)) return;
    else if (fallback) fallback();
    else focusNear(from.path, within);
  };
  return { restore };
}

/**
 * A panel's focus goes back to what opened it when the panel closes (unmounts) while holding it; when
 * that is gone (a job panel's opener was its dialog), to the list beside the panel.
 */
export function useFocusReturnOnClose(panel: RefObject<HTMLElement | null>) {
  const { restore } = useFocusReturn(true);
  const latest = useRef({ restore, element: null as HTMLElement | null });
  useLayoutEffect(() => {
    latest.current = { restore, element: panel.current };
  });
  // A layout effect's cleanup runs while the panel is still in the page, so the focus inside it is seen.
  useLayoutEffect(
    () => () => {
      const { restore: back, element } = latest.current;
      back(element, () => focusListBeside(element));
    },
    [],
  );
}

/** Focuses the grid nearest to `element` (the list a panel or a job belongs to), else what is near it. */
export function focusListBeside(element: Element | null): void {
  const path = pathOf(element);
  for (const container of path) {
    const grid = [...container.querySelectorAll('[role="grid"]')].find((found): found is HTMLElement => isFocusable(found) && !element?.contains(found));
    if (grid) {
      grid.focus({ preventScroll: true });
      return;
    }
  }
  focusNear(path.slice(1), element);
}

/** Set by installFocusKeeper: lends the focus for `owner`, disabled while it works (see there). */
let lendFocus: ((owner: HTMLElement) => boolean) | null = null;

/**
 * Watches the page once: when the focused control is removed, hidden or disabled without anyone
 * moving the focus, the control itself gets it back if it is back (moved, re-rendered, enabled again),
 * else the first control of its nearest surviving container. A control disabled while it works lends
 * the focus to that neighbour and takes it back when it is enabled, if the user has not moved on.
 * A click on an empty part of the page is left alone. Returns the function that stops watching.
 */
export function installFocusKeeper(): () => void {
  let last: Element | null = null;
  let path: Element[] = [];
  let pointer = false;
  let lent: { owner: HTMLElement; to: Element; depth: number } | null = null;
  let pending = false;
  let moving = false;
  // The keeper's own moves leave what it remembers alone: the owner of lent focus, and its place.
  const move = (element: HTMLElement) => {
    moving = true;
    try {
      return focusOn(element);
    } finally {
      moving = false;
    }
  };

  const check = () => {
    pending = false;
    if (lent && document.activeElement === lent.to) {
      // Lent while its owner is disabled: back to the owner once it can take it, or meanwhile to a
      // closer neighbour enabled again (a section's fields, disabled while it saved).
      if (isFocusable(lent.owner)) {
        const { owner } = lent;
        lent = null;
        owner.focus();
        return;
      }
      const closer = nearest(path.slice(1));
      if (closer && closer.depth < lent.depth && move(closer.element)) lent = { owner: lent.owner, to: closer.element, depth: closer.depth };
      return;
    }
    if (!last || pointer || !focusDropped()) return;
    if (isFocusable(last)) {
      last.focus();
      return;
    }
    const found = nearest(path.slice(1));
    if (!found || !move(found.element)) return;
    if (last instanceof HTMLElement && last.isConnected) {
      lent = { owner: last, to: found.element, depth: found.depth };
    } else {
      last = found.element;
      path = pathOf(found.element);
    }
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    setTimeout(check, 0);
  };

  const onFocusIn = (event: FocusEvent) => {
    if (moving) return;
    pointer = false;
    const target = event.target as Element;
    if (lent && target !== lent.to) lent = null;
    last = target;
    path = pathOf(target);
  };
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget === null) schedule();
  };
  const onPointer = () => {
    pointer = true;
    lent = null;
  };
  const onKey = () => {
    pointer = false;
  };
  lendFocus = (owner) => {
    const ownerPath = pathOf(owner);
    const found = nearest(ownerPath.slice(1));
    if (!found) return false;
    moving = true;
    try {
      found.element.focus({ preventScroll: true });
    } finally {
      moving = false;
    }
    if (document.activeElement !== found.element) return false;
    last = owner;
    path = ownerPath;
    lent = { owner, to: found.element, depth: found.depth };
    return true;
  };
  const observer = new MutationObserver(() => {
    if (last) schedule();
  });
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  document.addEventListener('pointerdown', onPointer, true);
  document.addEventListener('keydown', onKey, true);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert'] });
  return () => {
    lendFocus = null;
    observer.disconnect();
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('pointerdown', onPointer, true);
    document.removeEventListener('keydown', onKey, true);
  };
}
