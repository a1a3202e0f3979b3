// How every form of the panel is checked: a react-admin form whose resolver is one of the domain's
// zod schemas, the same schema the worker checks the body with.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { Form, type FormProps } from 'react-admin';
import { type FieldValues, useFormState } from 'react-hook-form';
import type { ZodType } from 'zod';

type SchemaFormProps = Omit<FormProps, 'resolver'> & {
  schema: ZodType<FieldValues, FieldValues>;
  /**
   * Once per submit the schema refused, the first refused field's message, for the form's own
   * toast (react-admin's generic "invalid form" notification is off: the toast names the problem).
   */
  onInvalid?: (message: string) => void;
};

/** A refused field shows its message under itself; `onInvalid` hears the first one. */
export function SchemaForm({ schema, onInvalid, children, ...props }: SchemaFormProps) {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return (
    <Form {...props} resolver={resolver} disableInvalidFormNotification noValidate>
      {children}
      {onInvalid && <RefusalToast onInvalid={onInvalid} />}
    </Form>
  );
}

/**
 * Errors the save itself returned (react-hook-form's 'server' errors and `root`) have the save's
 * toast instead.
 */
function RefusalToast({ onInvalid }: { onInvalid: (message: string) => void }) {
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
