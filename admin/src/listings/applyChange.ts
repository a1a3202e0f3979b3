import { messageOf, type useToast } from '../toast.tsx';

/** Runs one change, toasts how it went, then reloads the screen either way. */
export async function applyChange(
  toast: ReturnType<typeof useToast>,
  change: () => Promise<unknown>,
  texts: { failure: string; success?: string },
  reload: () => Promise<unknown>,
): Promise<void> {
  try {
    await change();
    if (texts.success) toast(texts.success);
  } catch (error) {
    toast(texts.failure, messageOf(error, ''), 'error');
  }
  await reload();
}
