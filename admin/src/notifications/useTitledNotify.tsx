import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { type NotificationKind, TitledNotification } from './TitledNotification.tsx';

export interface NotifyOptions {
  /** Milliseconds on screen (5 s unless said). */
  autoHideDuration?: number;
  /** Offers 'Desfazer', which runs this: the change was saved already, undoing is another one. */
  undo?: () => void;
}

/**
 * The panel's notifications — a title and an optional description, one line per item of a list —
 * through react-admin's notify(), which queues them and shows one at a time in its <Notification>.
 */
export function useTitledNotify() {
  const notify = useNotify();
  return useCallback(
    (
      title: string,
      description?: string | readonly string[],
      type: NotificationKind = 'success',
      options: NotifyOptions = {},
    ) => {
      const lines = (typeof description === 'string' ? [description] : (description ?? [])).filter(
        (line) => line !== '',
      );
      notify(<TitledNotification title={title} lines={lines} type={type} undo={options.undo} />, {
        type,
        autoHideDuration: options.autoHideDuration ?? 5000,
      });
    },
    [notify],
  );
}

export type TitledNotify = ReturnType<typeof useTitledNotify>;
