import { MSG } from '../../lib/auth/messages.ts';

/** The guard's spinner while the session is read. */
export function AuthLoading({ text = MSG.checkingAuth }: { text?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3">
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-4 border-sky-200 border-t-sky-700"
      />
      <p className="text-slate-600">{text}</p>
    </div>
  );
}
