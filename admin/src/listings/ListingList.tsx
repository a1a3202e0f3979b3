import type { ListingResource } from '@guia-fortim/domain';
import {
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { LinkBase as Link, Title } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';
import { formatMoney } from '../i18n.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { RATING_STEP } from '../rules/constants.ts';
import { kindTexts } from '../rules/kindTexts.ts';
import { chipsToShow, matchesSearch } from '../rules/lists.ts';
import { useToast } from '../toast.tsx';
import { applyChange } from './applyChange.ts';
import { clampRating } from './formRules.ts';
import { NameSearch } from './NameSearch.tsx';
import { type ListingRow, useListings } from './useListings.ts';

/**
 * On a phone each row becomes a stacked block with its column name beside each value. The table
 * and its rows become blocks so no content can widen them past the screen (names wrap anywhere:
 * theme.ts) and the actions take a line of their own under their column name.
 */
const STACK_ON_SMALL_SCREENS = {
  '@media (max-width: 899.95px)': {
    '&, & tbody, & tbody tr': { display: 'block', width: '100%' },
    // Its content's widest word or chip must not size the table (nor, through it, the page).
    '&': { contain: 'inline-size' },
    '& thead': { display: 'none' },
    '& tbody tr': { borderBottom: 1, borderColor: 'divider', py: 1 },
    '& tbody td': {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      border: 0,
      py: 0.5,
    },
    // Long category chips shrink to their ellipsis instead of pushing the row wider.
    '& tbody td > *': { minWidth: 0 },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      fontWeight: 600,
      flexShrink: 0,
    },
    '& tbody td[data-label="Ações"]': {
      flexDirection: 'column',
      alignItems: 'flex-start',
      gap: 0.5,
    },
  },
} as const;

function categoriesOf(row: ListingRow): string[] {
  if (Array.isArray(row.categorias)) return row.categorias.map(String);
  return typeof row.categoria === 'string' && row.categoria ? [row.categoria] : [];
}

export default function ListingList({ kind }: { kind: ListingResource }) {
  const info = kindTexts(kind);
  const toast = useToast();
  const { rows, reload } = useListings(
    kind,
    `Não foi possível carregar ${info.pluralWithArticle}.`,
  );
  const [search, setSearch] = useState('');
  const [quick, setQuick] = useState<{ row: ListingRow; rating: string; price: string } | null>(
    null,
  );

  const run = (action: () => Promise<unknown>, failure: string, success?: string) =>
    applyChange(toast, action, { failure, success }, reload);

  const remove = (row: ListingRow) => {
    if (!window.confirm(`Tem certeza que deseja excluir "${row.name}"?`)) return;
    void run(
      () => dataProvider.delete(kind, { id: row.id, previousData: row }),
      `Não foi possível excluir ${info.withArticle}.`,
      info.deleted,
    );
  };

  const saveQuick = () => {
    if (!quick) return;
    const values: Record<string, unknown> = { rating: clampRating(quick.rating) };
    if (kind !== 'comercios')
      values.price = Math.max(0, Number(quick.price.replace(',', '.')) || 0);
    setQuick(null);
    void run(
      () => dataProvider.quickEdit(kind, quick.row.id, values),
      'Não foi possível atualizar o item.',
      info.updated,
    );
  };

  const visible = rows?.filter((row) => matchesSearch(row.name, search)) ?? [];
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={info.label} />
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {info.label}
        </Typography>
        <Button variant="contained" component={Link} to={`/admin/${kind}/novo`}>
          Adicionar
        </Button>
      </Stack>
      <NameSearch value={search} onChange={setSearch} sx={{ mb: 2 }} />
      {rows === null ? (
        <Loading />
      ) : (
        <Card>
          <Table size="small" sx={STACK_ON_SMALL_SCREENS}>
            <TableHead>
              <TableRow>
                <TableCell>Nome</TableCell>
                <TableCell>Categorias</TableCell>
                {kind !== 'comercios' ? <TableCell>Preço</TableCell> : null}
                <TableCell>Avaliação</TableCell>
                <TableCell>Destaque</TableCell>
                <TableCell>Topo</TableCell>
                <TableCell>Ações</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7}>Nenhum item encontrado.</TableCell>
                </TableRow>
              ) : null}
              {visible.map((row) => {
                const chips = chipsToShow(categoriesOf(row));
                return (
                  <TableRow key={row.id} data-testid="listing-row">
                    <TableCell data-label="Nome">{row.name}</TableCell>
                    <TableCell data-label="Categorias">
                      {chips.shown.map((name) => (
                        <Chip key={name} label={name} size="small" sx={{ mr: 0.5 }} />
                      ))}
                      {chips.more ? <span title="Mais categorias">…</span> : null}
                    </TableCell>
                    {kind !== 'comercios' ? (
                      <TableCell data-label="Preço">{formatMoney(row.price)}</TableCell>
                    ) : null}
                    <TableCell data-label="Avaliação">
                      {Number(row.rating ?? 0).toLocaleString('pt-BR')}
                    </TableCell>
                    <TableCell data-label="Destaque">
                      <Switch
                        checked={Boolean(row.is_featured)}
                        slotProps={{ input: { 'aria-label': `Destaque: ${row.name}` } }}
                        onChange={(event) =>
                          void run(
                            () => dataProvider.setFeatured(kind, row.id, event.target.checked),
                            'Não foi possível atualizar o destaque.',
                          )
                        }
                      />
                    </TableCell>
                    <TableCell data-label="Topo">
                      <Switch
                        checked={Boolean(row.is_pinned)}
                        slotProps={{ input: { 'aria-label': `Fixar no topo: ${row.name}` } }}
                        onChange={(event) =>
                          void run(
                            () => dataProvider.setPinned(kind, row.id, event.target.checked),
                            'Não foi possível atualizar o item.',
                          )
                        }
                      />
                    </TableCell>
                    <TableCell data-label="Ações">
                      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                        <Button
                          size="small"
                          component={Link}
                          to={`/admin/${kind}/editar/${row.id}`}
                        >
                          Editar
                        </Button>
                        <Button
                          size="small"
                          onClick={() =>
                            setQuick({
                              row,
                              rating: String(row.rating ?? ''),
                              price: String(row.price ?? ''),
                            })
                          }
                        >
                          Edição rápida
                        </Button>
                        <Button size="small" color="error" onClick={() => remove(row)}>
                          Excluir
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Card>
      )}
      <Dialog open={quick !== null} onClose={() => setQuick(null)}>
        <DialogTitle>Edição rápida</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{quick?.row.name}</Typography>
            <TextField
              label="Avaliação (0 a 5)"
              type="number"
              size="small"
              value={quick?.rating ?? ''}
              slotProps={{ htmlInput: { min: 0, max: 5, step: RATING_STEP } }}
              onChange={(event) => quick && setQuick({ ...quick, rating: event.target.value })}
            />
            {kind !== 'comercios' ? (
              <TextField
                label="Preço (R$)"
                type="number"
                size="small"
                value={quick?.price ?? ''}
                slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
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
    </Box>
  );
}
