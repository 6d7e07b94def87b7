// Short notices about things that happened (signed in, signed out, a call that failed). Success and
// info notices hide themselves; errors stay until dismissed, so nobody misses what to do next.
import { create } from 'zustand';

export type ToastKind = 'success' | 'info' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  /** What happened, in the server's words for errors. */
  title: string;
  /** What to do next, when there is something to do. */
  action?: string;
}

/** How long a success or info toast stays, long enough to read two lines. */
export const TOAST_HIDE_MS = 6000;

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id: number): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show: (toast) => {
    const id = nextId++;
    // The same error twice in a row (a retry that failed again) is one toast, not a stack of them.
    const same = get().toasts.find((t) => t.kind === toast.kind && t.title === toast.title && t.action === toast.action);
    if (same) get().dismiss(same.id);
    set((state) => ({ toasts: [...state.toasts, { ...toast, id }].slice(-5) }));
    if (toast.kind !== 'error') timers.set(id, setTimeout(() => get().dismiss(id), TOAST_HIDE_MS));
    return id;
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** For code outside React (mutation callbacks). */
export const toast = (t: Omit<Toast, 'id'>) => useToasts.getState().show(t);
