import {
  isPriced,
  kindOfResource,
  type ListingResource,
  quickEditSchemas,
} from '@guia-fortim/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { LinkBase as Link, NumberInput, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { messageOf } from '../errorMessage.ts';
import { LISTING_FIELD_LABELS } from '../fieldLabels.ts';
import { SchemaForm } from '../forms/SchemaForm.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { PRICE_STEP, RATING_STEP } from './constants.ts';
import { kindTexts } from './kindTexts.ts';
import type { ListingRow } from './listingRow.ts';

type QuickValues = { rating: number; price?: number };

/**
 * A row's Editar, Edição rápida (rating and price) and Excluir (after the browser's confirm). Both
 * changes are saved at once and offer 'Desfazer' in their notification.
 */
export function ListingActions({ kind, row }: { kind: ListingResource; row: ListingRow }) {
  const info = kindTexts(kind);
  const notify = useTitledNotify();
  const deleteWithUndo = useDeleteWithUndo();
  const [update] = useUpdate();
  const [quickOpen, setQuickOpen] = useState(false);
  const listingKind = kindOfResource(kind);
  const priced = isPriced(listingKind);
  // What the dialog opens with: the row's values, the price only where the kind has one.
  const { rating, price } = row;
  const current = priced ? { rating, price } : { rating };

  const remove = () => {
    if (!window.confirm(`Tem certeza que deseja excluir "${row.name}"?`)) return;
    void deleteWithUndo(kind, row, {
      success: info.deleted,
      onError: (error) =>
        notify(`Não foi possível excluir ${info.withArticle}.`, messageOf(error, ''), 'error'),
    });
  };

  // Saved at once (the notification tells it once the worker has); 'Desfazer' writes the values
  // the row had back through the same quick path, which the history records as one more edit.
  const quickSave = (values: QuickValues, saved: () => void) =>
    update(
      kind,
      { id: row.id, data: values, previousData: row, meta: { quick: true } },
      {
        mutationMode: 'pessimistic',
        onSuccess: saved,
        onError: (error) =>
          notify('Não foi possível atualizar o item.', messageOf(error, ''), 'error'),
      },
    );

  // The domain's quick edit schema's output, which the worker checks too: the rating clamped to
  // 0–5 (0 when blank), a price of at least 0 for the kinds that have one.
  const saveQuick = (output: FieldValues) => {
    const values = output as QuickValues;
    const before: QuickValues = { rating: Number(rating ?? 0) };
    if (priced) before.price = Number(price ?? 0);
    setQuickOpen(false);
    void quickSave(values, () =>
      notify(info.updated, undefined, 'success', {
        undo: () =>
          void quickSave(before, () =>
            notify('Alteração desfeita', `“${row.name}” voltou aos valores anteriores.`),
          ),
      }),
    );
  };

  return (
    <>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button size="small" component={Link} to={`/admin/${kind}/editar/${row.id}`}>
          Editar
        </Button>
        <Button size="small" onClick={() => setQuickOpen(true)}>
          Edição rápida
        </Button>
        <Button size="small" color="error" onClick={remove}>
          Excluir
        </Button>
      </Stack>
      <Dialog open={quickOpen} onClose={() => setQuickOpen(false)}>
        <SchemaForm
          schema={quickEditSchemas[listingKind]}
          record={current as never}
          onSubmit={saveQuick}
          onInvalid={(message) => notify(message, undefined, 'error')}
        >
          <DialogTitle>Edição rápida</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography>{row.name}</Typography>
              <NumberInput
                source="rating"
                label={LISTING_FIELD_LABELS.rating}
                size="small"
                helperText={false}
                min={0}
                max={5}
                step={RATING_STEP}
              />
              {priced ? (
                <NumberInput
                  source="price"
                  label={LISTING_FIELD_LABELS.price}
                  size="small"
                  helperText={false}
                  min={0}
                  step={PRICE_STEP}
                />
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setQuickOpen(false)}>Cancelar</Button>
            <Button type="submit" variant="contained">
              Salvar
            </Button>
          </DialogActions>
        </SchemaForm>
      </Dialog>
    </>
  );
}
