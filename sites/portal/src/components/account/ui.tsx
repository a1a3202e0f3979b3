// The small building blocks the account forms share.
import { type InputHTMLAttributes, type ReactNode, useEffect, useState } from 'react';

/**
 * False in the pre-rendered HTML and until the island has hydrated. Fields and buttons stay
 * disabled until then: typed text would be lost, and a native submit would put the password in
 * the URL.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="mb-6 text-center text-2xl font-bold text-sky-900">{title}</h1>
      {children}
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; id: string };

export function Field({ label, id, className, disabled, ...input }: FieldProps) {
  const hydrated = useHydrated();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={id}
        disabled={!hydrated || disabled}
        className={`rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200 disabled:bg-slate-100 read-only:bg-slate-100 ${className ?? ''}`}
        {...input}
      />
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

const TONES = {
  primary: 'bg-sky-800 hover:bg-sky-900',
  /** What cannot be undone (deleting the account). */
  danger: 'bg-red-700 hover:bg-red-800',
};

export function SubmitButton({
  busy,
  busyText,
  disabled,
  tone = 'primary',
  children,
}: {
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  tone?: keyof typeof TONES;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated || busy || disabled}
      className={`w-full rounded-md px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60 ${TONES[tone]}`}
    >
      {busy ? busyText : children}
    </button>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="font-medium text-sky-800 underline-offset-2 hover:underline">
      {children}
    </a>
  );
}
