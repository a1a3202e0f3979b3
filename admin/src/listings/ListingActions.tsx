import { isPriced, kindOfResource, type ListingResource } from '@guia-fortim/domain';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { LinkBase as Link, useUpdate } from 'react-admin';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { messageOf } from '../errorMessage.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { PRICE_STEP, RATING_STEP } from '../rules/constants.ts';
import { LISTING_FIELD_LABELS } from '../rules/fieldLabels.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { clampRating } from './formRules.ts';
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
  const [quick, setQuick] = useState<{ rating: string; price: string } | null>(null);
  const priced = isPriced(kindOfResource(kind));

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

  const saveQuick = () => {
    if (!quick) return;
    const values: QuickValues = { rating: clampRating(quick.rating) };
    if (priced) values.price = Math.max(0, Number(quick.price.replace(',', '.')) || 0);
    const before: QuickValues = { rating: Number(row.rating ?? 0) };
    if (priced) before.price = Number(row.price ?? 0);
    setQuick(null);
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
        <Button
          size="small"
          onClick={() =>
            setQuick({ rating: String(row.rating ?? ''), price: String(row.price ?? '') })
          }
        >
          Edição rápida
        </Button>
        <Button size="small" color="error" onClick={remove}>
          Excluir
        </Button>
      </Stack>
      <Dialog open={quick !== null} onClose={() => setQuick(null)}>
        <DialogTitle>Edição rápida</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{row.name}</Typography>
            <TextField
              label={LISTING_FIELD_LABELS.rating}
              type="number"
              size="small"
              value={quick?.rating ?? ''}
              slotProps={{ htmlInput: { min: 0, max: 5, step: RATING_STEP } }}
              onChange={(event) => quick && setQuick({ ...quick, rating: event.target.value })}
            />
            {priced ? (
              <TextField
                label={LISTING_FIELD_LABELS.price}
                type="number"
                size="small"
                value={quick?.price ?? ''}
                slotProps={{ htmlInput: { min: 0, step: PRICE_STEP } }}
                onChange={(event) => quick && setQuick({ ...quick, price: event.target.value })}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setQuick(null)}>Cancelar</Button>
          <Button variant="contained" onClick={saveQuick}>
            Salvar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
