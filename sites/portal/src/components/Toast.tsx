import { useCallback, useEffect, useState } from 'react';
import type { ToastMessage } from '../lib/auth/flash.ts';

const SHOWN_MS = 4000;

/** A short notice at the bottom of the screen, read out by screen readers. */
export function useToast() {
  const [message, setMessage] = useState<ToastMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [message]);
  const node = (
    <div
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {message && (
        <div
          className={`pointer-events-auto rounded-lg px-4 py-3 text-sm shadow-lg ${
            message.variant === 'destructive' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'
          }`}
        >
          <p className="font-semibold">{message.title}</p>
          {message.description && <p>{message.description}</p>}
        </div>
      )}
    </div>
  );
  return { toast: node, show: useCallback((m: ToastMessage) => setMessage(m), []) };
}
