import { Field } from './ui.tsx';

type PasswordFieldsProps = {
  /** The ids (and names) of the new-password and confirmation inputs. */
  ids: readonly [password: string, confirm: string];
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
};

/** The new password and its confirmation, as the reset and profile forms ask for them. */
export function PasswordFields({
  ids: [passwordId, confirmId],
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
}: PasswordFieldsProps) {
  return (
    <>
      <Field
        id={passwordId}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPasswordChange(e.target.value)}
      />
      <Field
        id={confirmId}
        label="Confirmar nova senha"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => onConfirmChange(e.target.value)}
      />
    </>
  );
}
