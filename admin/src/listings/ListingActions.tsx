import type { ListingResource } from '@guia-fortim/domain';
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
import { PRICE_STEP, RATING_STEP } from '../rules/constants.ts';
import { LISTING_FIELD_LABELS } from '../rules/fieldLabels.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { messageOf, useToast } from '../toast.tsx';
import { useUndoableDelete } from '../undoableDelete.ts';
import { clampRating } from './formRules.ts';
import type { ListingRow } from './listingRow.ts';

/**
 * A row's Editar, Edição rápida (rating and price) and Excluir (after the browser's confirm). The
 * quick edit and the delete are undoable from their toast ('Desfazer').
 */
export function ListingActions({ kind, row }: { kind: ListingResource; row: ListingRow }) {
  const info = kindTexts(kind);
  const toast = useToast();
  const deleteUndoably = useUndoableDelete();
  const [update] = useUpdate();
  const [quick, setQuick] = useState<{ rating: string; price: string } | null>(null);
  const priced = kind !== 'comercios';

  const remove = () => {
    if (!window.confirm(`Tem certeza que deseja excluir "${row.name}"?`)) return;
    void deleteUndoably(kind, row, {
      success: info.deleted,
      onError: (error) =>
        toast(`Não foi possível excluir ${info.withArticle}.`, messageOf(error, ''), 'error'),
    });
  };

  // The row shows the new values at once; the worker gets them when the toast closes.
  const saveQuick = () => {
    if (!quick) return;
    const values: Record<string, unknown> = { rating: clampRating(quick.rating) };
    if (priced) values.price = Math.max(0, Number(quick.price.replace(',', '.')) || 0);
    setQuick(null);
    void update(
      kind,
      { id: row.id, data: values, previousData: row, meta: { quick: true } },
      {
        mutationMode: 'undoable',
        onSuccess: () => toast(info.updated, undefined, 'success', { undoable: true }),
        onError: (error) =>
          toast('Não foi possível atualizar o item.', messageOf(error, ''), 'error'),
      },
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
