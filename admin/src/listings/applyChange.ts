import { messageOf } from '../errorMessage.ts';
import type { TitledNotify } from '../notifications/useTitledNotify.tsx';

/** Runs one change, toasts how it went, then reloads the screen either way. */
export async function applyChange(
  notify: TitledNotify,
  change: () => Promise<unknown>,
  texts: { failure: string; success?: string },
  reload: () => Promise<unknown>,
): Promise<void> {
  try {
    await change();
    if (texts.success) notify(texts.success);
  } catch (error) {
    notify(texts.failure, messageOf(error, ''), 'error');
  }
  await reload();
}
