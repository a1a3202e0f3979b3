import {
  type Category,
  categoryCreateSchema,
  categoryUpdateSchema,
  type ListingKind,
} from '@guia-fortim/domain';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { CreateBase, EditBase, useEditContext, useSaveContext } from 'react-admin';
import { messageOf } from '../errorMessage.ts';
import { CATEGORY_FIELD_LABELS } from '../fieldLabels.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { CATEGORIES } from '../resources.ts';
import { CategoryNameInput } from './inputs.tsx';

/** The worker's answer, in the screen's words; the dialog closes once it has saved. */
function useSaveOutcome(success: string, onClose: () => void) {
  const notify = useTitledNotify();
  return {
    onSuccess: () => {
      notify(success);
      onClose();
    },
    onError: (error: unknown) =>
      notify(messageOf(error, 'Erro ao salvar categoria'), undefined, 'error'),
  };
}

/** A category form in a dialog, which stays open while the worker saves. */
function CategoryFormDialog({
  title,
  submit,
  values,
  schema,
  onClose,
  children,
}: {
  title: string;
  submit: string;
  values: Record<string, unknown>;
  schema: typeof categoryCreateSchema | typeof categoryUpdateSchema;
  onClose: () => void;
  children?: ReactNode;
}) {
  const notify = useTitledNotify();
  const { saving } = useSaveContext();
  return (
    <Dialog open onClose={() => !saving && onClose()}>
      <SchemaForm
        schema={schema}
        record={values as never}
        onInvalid={(message) => notify(message, undefined, 'error')}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <CategoryNameInput />
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {submit}
          </Button>
        </DialogActions>
      </SchemaForm>
    </Dialog>
  );
}

/** 'Nova Categoria' of the kind whose tab is open; the database puts it last. */
export function CategoryCreate({ type, onClose }: { type: ListingKind; onClose: () => void }) {
  const outcome = useSaveOutcome('Categoria criada com sucesso!', onClose);
  const values = useMemo(() => ({ name: '', type }), [type]);
  return (
    <CreateBase resource={CATEGORIES} mutationOptions={outcome}>
      <CategoryFormDialog
        title="Nova Categoria"
        submit="Criar"
        values={values}
        schema={categoryCreateSchema}
        onClose={onClose}
      />
    </CreateBase>
  );
}

/**
 * The name as read; restoring a version from the history reads the category again
 * (react-admin's refresh) and the form shows the restored name.
 */
function CategoryEditForm({ onClose }: { onClose: () => void }) {
  const { record } = useEditContext<Category>();
  const values = useMemo(() => ({ name: record?.name ?? '' }), [record]);
  if (!record) return null;
  return (
    <CategoryFormDialog
      title="Editar Categoria"
      submit="Atualizar"
      values={values}
      schema={categoryUpdateSchema}
      onClose={onClose}
    >
      <HistoryPanel
        table="categories"
        rowId={String(record.id)}
        fieldLabels={CATEGORY_FIELD_LABELS}
        unsavedNote="O nome digitado e ainda não salvo será descartado."
        sx={{ mt: 3 }}
      />
    </CategoryFormDialog>
  );
}

export function CategoryEdit({ id, onClose }: { id: string; onClose: () => void }) {
  const outcome = useSaveOutcome('Categoria atualizada com sucesso!', onClose);
  return (
    <EditBase resource={CATEGORIES} id={id} mutationMode="pessimistic" mutationOptions={outcome}>
      <CategoryEditForm onClose={onClose} />
    </EditBase>
  );
}
