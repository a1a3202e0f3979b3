import { grantAdminBodySchema } from '@guia-fortim/domain';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useCallback, useEffect } from 'react';
import { TextInput } from 'react-admin';
import { type FieldValues, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { dataProvider } from '../dataProvider.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { grantErrorMessage } from './grantMessages.ts';

/** An emptied field is '' (the button's "nothing typed"), never react-admin's null. */
const asTyped = (value: string) => value;

function GrantButton() {
  const { isSubmitting } = useFormState();
  const email = useWatch({ name: 'email' }) as string;
  return (
    <Button type="submit" variant="contained" disabled={isSubmitting || email === ''}>
      {isSubmitting ? 'Processando...' : 'Conceder Acesso Admin'}
    </Button>
  );
}

/** A granted e-mail leaves the field; a refused one stays, to be corrected. */
function ClearWhenGranted() {
  const { reset } = useFormContext();
  const { isSubmitSuccessful } = useFormState();
  useEffect(() => {
    if (isSubmitSuccessful) reset({ email: '' });
  }, [isSubmitSuccessful, reset]);
  return null;
}

export function GrantAdminForm() {
  const notify = useTitledNotify();
  const refused = useCallback((message: string) => notify(message, undefined, 'error'), [notify]);
  const grant = async ({ email }: FieldValues) => {
    try {
      await dataProvider.grantAdmin(email);
      notify(`Acesso de administrador concedido para ${email}`);
    } catch (error) {
      const message = grantErrorMessage(error);
      notify(message, undefined, 'error');
      // react-admin's place for a save's own error: the submit is not a success, the field stays.
      return { root: { serverError: message } };
    }
  };
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Conceder acesso de administrador
        </Typography>
        <SchemaForm
          schema={grantAdminBodySchema}
          defaultValues={{ email: '' }}
          onSubmit={grant}
          onInvalid={refused}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
            <TextInput
              source="email"
              label="Email"
              type="email"
              variant="outlined"
              size="small"
              margin="none"
              parse={asTyped}
              helperText={false}
              fullWidth={false}
              sx={{ width: { xs: '100%', sm: 300 } }}
            />
            <GrantButton />
          </Stack>
          <ClearWhenGranted />
        </SchemaForm>
      </CardContent>
    </Card>
  );
}
