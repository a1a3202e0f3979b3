// 'Rejeitar': the reason the author will read in the profile's 'Minhas avaliações', checked by the
// domain's moderationSchema (the same the worker checks the body with).
import { moderationSchema, REVIEW_REASON_MAX } from '@guia-fortim/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { TextInput } from 'react-admin';
import { ApiError } from '../api.ts';
import { REVIEW_FIELD_LABELS } from '../fieldLabels.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';

export function RejectDialog({
  seenUpdatedAt,
  onReject,
  onClose,
}: {
  /** The updated_at of the review shown: the decision holds for that text only. */
  seenUpdatedAt: string;
  /** Sends the decision; a refusal is thrown as the worker's ApiError. */
  onReject: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const notify = useTitledNotify();
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const values = useMemo(
    () => ({ status: 'rejected', reason: '', seen_updated_at: seenUpdatedAt }),
    [seenUpdatedAt],
  );

  const submit = async (data: Record<string, unknown>) => {
    setSaving(true);
    try {
      await onReject(String(data.reason ?? ''));
      return undefined;
    } catch (error) {
      setSaving(false);
      // The worker's refusal names the field when it is the reason: shown under it too.
      return error instanceof ApiError && Object.keys(error.fields).length > 0
        ? error.fields
        : undefined;
    }
  };

  return (
    <Dialog open onClose={() => !saving && onClose()} aria-labelledby={titleId} fullWidth>
      <SchemaForm
        schema={moderationSchema}
        record={values}
        onSubmit={submit}
        onInvalid={(message) => notify(message, undefined, 'error')}
      >
        <DialogTitle id={titleId}>Rejeitar avaliação</DialogTitle>
        <DialogContent>
          <TextInput
            source="reason"
            label={REVIEW_FIELD_LABELS.rejection_reason}
            multiline
            minRows={3}
            fullWidth
            helperText={`O autor vê o motivo em 'Minhas avaliações'. Até ${REVIEW_REASON_MAX} caracteres.`}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={saving}>
            Rejeitar
          </Button>
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}
