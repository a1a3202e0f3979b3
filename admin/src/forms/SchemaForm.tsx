// How every form of the panel is checked: a react-admin form whose resolver is one of the domain's
// zod schemas, the same schema the worker checks the body with.
import { MESSAGES } from '@guia-fortim/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { Form, type FormProps } from 'react-admin';
import { type FieldValues, useFormState } from 'react-hook-form';
import type { ZodType } from 'zod';

/** A field's message, or the first of its parts' (image_styles.scale) when it has none itself. */
function firstMessage(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, part] of Object.entries(error)) {
    // `ref` is the input's element, not a part of the field.
    const found = key === 'ref' ? undefined : firstMessage(part, depth + 1);
    if (found) return found;
  }
  return undefined;
}

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
    if (refused) onInvalid(firstMessage(refused[1]) ?? MESSAGES.invalidPayload);
  }, [submitCount, errors, onInvalid]);
  return null;
}
