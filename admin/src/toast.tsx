import { Fragment, useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ApiError } from './api.ts';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface ToastOptions {
  /**
   * A 'Desfazer' button: the toast of an undoable mutation (mutationMode 'undoable'), which runs
   * when the toast closes and never when the admin clicks 'Desfazer'.
   */
  undoable?: boolean;
  /** Milliseconds on screen (5 s unless said). */
  autoHideDuration?: number;
}

/**
 * The spec's toasts: a title and an optional description, one line per item of a list (text only,
 * never HTML).
 */
export function useToast() {
  const notify = useNotify();
  return useCallback(
    (
      title: string,
      description?: string | readonly string[],
      type: ToastType = 'success',
      options: ToastOptions = {},
    ) => {
      const lines = (typeof description === 'string' ? [description] : (description ?? [])).filter(
        (line) => line !== '',
      );
      if (options.undoable) {
        // react-admin's <Notification> shows its 'Desfazer' button only beside a text message (an
        // element replaces the whole snackbar content, button included): one line each.
        const text = [title, ...lines].join('\n');
        notify(text, {
          type,
          // The text is its own translation (no 'Missing translation' warning).
          messageArgs: { _: text },
          autoHideDuration: options.autoHideDuration ?? 5000,
          undoable: true,
          multiLine: lines.length > 0,
        });
        return;
      }
      notify(
        <span>
          <strong>{title}</strong>
          {lines.map((line) => (
            <Fragment key={line}>
              <br />
              {line}
            </Fragment>
          ))}
        </span>,
        { type, autoHideDuration: options.autoHideDuration ?? 5000 },
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
