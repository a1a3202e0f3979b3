import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from './api.ts';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** The spec's toasts: a title and an optional description (text only, never HTML). */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (title: string, description?: string, type: ToastType = 'success') => {
      notify(
        <span>
          <strong>{title}</strong>
          {description ? (
            <>
              <br />
              {description}
            </>
          ) : null}
        </span>,
        { type, autoHideDuration: 5000 },
      );
    },
    [notify],
  );
}

/** The worker's Portuguese message when there is one, else the screen's own text. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && /[áéíóúãõçê]/i.test(error.message)) return error.message;
  return fallback;
}
