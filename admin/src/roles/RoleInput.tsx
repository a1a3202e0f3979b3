import { APP_ROLES, type AppRole, userRoleBodySchema } from '@guia-fortim/domain';
import { MenuItem, TextField } from '@mui/material';
import { useInput } from 'react-admin';
import { type FieldValues, useFormContext } from 'react-hook-form';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { ROLE_LABELS } from './roleLabels.ts';

/**
 * The role picker: one of the three roles, never blank (react-admin's SelectInput would offer an
 * empty choice). Picking a role submits the form at once.
 */
export function RoleInput({ onPicked }: { onPicked: () => void }) {
  const { field } = useInput({ source: 'role' });
  return (
    <TextField
      select
      size="small"
      label="Função"
      name={field.name}
      value={field.value}
      onChange={(event) => {
        field.onChange(event.target.value);
        onPicked();
      }}
      onBlur={field.onBlur}
      fullWidth
    >
      {APP_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {ROLE_LABELS[role]}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RolePicker({ change }: { change: (role: AppRole) => Promise<boolean> }) {
  const { handleSubmit, reset } = useFormContext();
  const submit = handleSubmit(async ({ role }: FieldValues) => {
    // A change the worker refused puts the select back on the role the user still has.
    if (!(await change(role as AppRole))) reset();
  });
  return <RoleInput onPicked={() => void submit()} />;
}

/**
 * A user's role as a form of its own: picking another role saves it (`change` says whether it
 * was saved); the form follows the role read from the database.
 */
export function UserRoleForm({
  current,
  change,
}: {
  current: AppRole;
  change: (role: AppRole) => Promise<boolean>;
}) {
  return (
    <SchemaForm schema={userRoleBodySchema} defaultValues={{ role: current }}>
      <RolePicker change={change} />
    </SchemaForm>
  );
}
