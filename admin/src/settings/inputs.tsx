import { Button } from '@mui/material';
import { TextInput, type TextInputProps } from 'react-admin';
import { useFormState } from 'react-hook-form';

/** Settings are text: an emptied field is '' (a blank value), never react-admin's null. */
const asTyped = (value: string) => value;

/**
 * A form's reset when what it shows is read again: the fields the admin has typed in keep what
 * was typed (one object, so that react-admin resets only when the values read change).
 */
export const KEEP_TYPED = { keepDirtyValues: true } as const;

/** A setting's field: react-admin's text input, outlined, its value kept as typed. */
export function SettingInput(props: TextInputProps) {
  return <TextInput variant="outlined" size="small" parse={asTyped} {...props} />;
}

/** The form's submit button, 'Salvando...' while the save runs. */
export function SubmitButton({ label, busy }: { label: string; busy?: boolean }) {
  const { isSubmitting } = useFormState();
  const saving = busy ?? isSubmitting;
  return (
    <Button type="submit" variant="contained" disabled={saving}>
      {saving ? 'Salvando...' : label}
    </Button>
  );
}
