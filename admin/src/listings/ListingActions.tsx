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
import { LinkBase as Link, useDataProvider, useDelete, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { PRICE_STEP, RATING_STEP } from '../rules/constants.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { messageOf, useToast } from '../toast.tsx';
import { applyChange } from './applyChange.ts';
import { clampRating } from './formRules.ts';
import type { ListingRow } from './listingRow.ts';

/** A row's Editar, Edição rápida (rating and price) and Excluir (after the browser's confirm). */
export function ListingActions({ kind, row }: { kind: ListingResource; row: ListingRow }) {
  const info = kindTexts(kind);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const refresh = useRefresh();
  const toast = useToast();
  const [deleteOne, { isPending: deleting }] = useDelete();
  const [quick, setQuick] = useState<{ rating: string; price: string } | null>(null);
  const priced = kind !== 'comercios';

  const remove = () => {
    if (!window.confirm(`Tem certeza que deseja excluir "${row.name}"?`)) return;
    void deleteOne(
      kind,
      { id: row.id, previousData: row },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => toast(info.deleted),
        onError: (error) =>
          toast(`Não foi possível excluir ${info.withArticle}.`, messageOf(error, ''), 'error'),
      },
    );
  };

  const saveQuick = () => {
    if (!quick) return;
    const values: Record<string, unknown> = { rating: clampRating(quick.rating) };
    if (priced) values.price = Math.max(0, Number(quick.price.replace(',', '.')) || 0);
    setQuick(null);
    void applyChange(
      toast,
      () => dataProvider.quickEdit(kind, row.id, values),
      { failure: 'Não foi possível atualizar o item.', success: info.updated },
      async () => refresh(),
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
        <Button size="small" color="error" onClick={remove} disabled={deleting}>
          Excluir
        </Button>
      </Stack>
      <Dialog open={quick !== null} onClose={() => setQuick(null)}>
        <DialogTitle>Edição rápida</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{row.name}</Typography>
            <TextField
              label="Avaliação (0 a 5)"
              type="number"
              size="small"
              value={quick?.rating ?? ''}
              slotProps={{ htmlInput: { min: 0, max: 5, step: RATING_STEP } }}
              onChange={(event) => quick && setQuick({ ...quick, rating: event.target.value })}
            />
            {priced ? (
              <TextField
                label="Preço (R$)"
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
