import { TextInput } from 'react-admin';
import { CATEGORY_FIELD_LABELS } from '../fieldLabels.ts';

/** The category's name; the schema's message shows under it. */
export function CategoryNameInput() {
  return (
    <TextInput
      source="name"
      label={CATEGORY_FIELD_LABELS.name}
      placeholder="Ex: Praia, Montanha, etc."
      helperText={false}
      autoFocus
      sx={{ mt: 1 }}
    />
  );
}
