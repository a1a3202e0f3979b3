// The toasts on screen: a tiny store any account component can push to.
import type { ToastMessage } from '../../lib/auth/flash.ts';

export type ShownToast = ToastMessage & { id: number };

const TOAST_MS = 5_000;
let toasts: ShownToast[] = [];
let nextId = 1;
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
