// A toast that must survive a page load (e.g. 'Login realizado' shown on the page the visitor
// returns to): kept in sessionStorage until the next page's toaster shows it.
import { isLeaving, startLeaving } from './leaving.ts';
export type ToastMessage = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};

export const FLASH_KEY = 'guia-fortim:toast';

export function saveFlash(toast: ToastMessage): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(toast));
  } catch {
    // storage unavailable: the toast is simply not carried over
  }
}

/** The carried-over toast, unless this page is itself leaving (then it is for the next one). */
export function takeFlash(): ToastMessage | null {
  if (isLeaving()) return null;
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as ToastMessage;
    return typeof value?.title === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Leaves the page for a path of this site, carrying a toast to the next page. */
export function navigateWithToast(path: string, toast: ToastMessage, replace = false): void {
  saveFlash(toast);
  startLeaving();
  if (replace) window.location.replace(path);
  else window.location.assign(path);
}
