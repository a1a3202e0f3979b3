import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * Inside a react-admin `<Form disableInvalidFormNotification>`: once per submit its resolver
 * refused, the first refused field's message, for the form's own toast. Errors the save returned
 * (react-hook-form's 'server' errors and `root`) have the save's toast instead.
 */
export function InvalidFormToast({ onInvalid }: { onInvalid: (message: string) => void }) {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  useEffect(() => {
    if (submitCount === seen.current) return;
    seen.current = submitCount;
    const refused = Object.entries(errors).find(
      ([field, error]) => field !== 'root' && error?.type !== 'server',
    );
    if (refused) onInvalid(String(refused[1]?.message ?? ''));
  }, [submitCount, errors, onInvalid]);
  return null;
}
