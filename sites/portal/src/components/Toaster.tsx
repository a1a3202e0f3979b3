// The site's one toaster: the toasts of lib/toast.ts, and one carried over from the previous page
// (lib/auth/flash.ts). Every island that may show a toast renders it (the account pages and the
// header's account menu); on a page with both, the first mounted shows them.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { takeFlash } from '../lib/auth/flash.ts';
import {
  currentToasts,
  dismiss,
  registerToaster,
  subscribeToasts,
  toast,
  toastHost,
} from '../lib/toast.ts';

const noHost = () => null;

export function Toaster() {
  const [self] = useState(() => ({}));
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const host = useSyncExternalStore(subscribeToasts, toastHost, noHost);
  useEffect(() => registerToaster(self), [self]);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast(flash);
  }, []);
  if (host !== self) return null;
  return (
    <section
      aria-label="Notificações"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg ${
            t.variant === 'destructive'
              ? 'border-red-300 bg-red-50 text-red-900'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismiss(t.id)}
              aria-label="Fechar notificação"
              className="text-lg leading-none opacity-60 hover:opacity-100"
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}
