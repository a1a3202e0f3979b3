// The site's toasts: a tiny store any island can push to, shown by the page's one Toaster
// (components/Toaster.tsx). Islands of one page share this module, so a toast pushed by the
// header's account menu and one pushed by an account form land in the same list.
import type { ToastMessage } from './auth/flash.ts';

export type ShownToast = ToastMessage & { id: number };

const TOAST_MS = 5_000;
let toasts: ShownToast[] = [];
let nextId = 1;
/** The mounted Toaster that shows the toasts: the first one, so a page never shows them twice. */
let host: object | null = null;
const hosts: object[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(message: ToastMessage): void {
  const shown = { ...message, id: nextId++ };
  toasts = [...toasts, shown];
  emit();
  setTimeout(() => dismiss(shown.id), TOAST_MS);
}

export function dismiss(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function currentToasts(): ShownToast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers a mounted Toaster; the first registered shows the toasts until it unmounts, then the
 * next one does. Returns the unregistering function.
 */
export function registerToaster(toaster: object): () => void {
  hosts.push(toaster);
  host = hosts[0] ?? null;
  emit();
  return () => {
    hosts.splice(hosts.indexOf(toaster), 1);
    host = hosts[0] ?? null;
    emit();
  };
}

export function toastHost(): object | null {
  return host;
}
