import { type ListingKind, TRASH_RETENTION_DAYS } from '@guia-fortim/domain';
import {
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, Title, useCreate, useDataProvider, useGetList, useUpdate } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { messageOf } from '../errorMessage.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { Loading } from '../layout/AdminLayout.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { CATEGORIES } from '../resources.ts';
import { CATEGORY_FIELD_LABELS } from '../rules/fieldLabels.ts';
import { KindTabs } from './KindTabs.tsx';
import type { Direction } from './RankedListings.tsx';

interface Category {
  id: string;
  name: string;
  type: ListingKind;
  is_active: boolean;
  order_position: number;
}

const TABS = [
  { value: 'hospedagem', label: 'Hospedagem' },
  { value: 'comercio', label: 'Comércio' },
  { value: 'passeio', label: 'Passeios' },
] as const;

export default function Categories() {
  const notify = useTitledNotify();
  const [type, setType] = useState<ListingKind>('hospedagem');
  const [dialog, setDialog] = useState<{ id?: string; name: string } | null>(null);
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [moving, setMoving] = useState(false);
  const {
    data: rows,
    isPending,
    refetch,
  } = useGetList<Category>(
    CATEGORIES,
    {
      pagination: { page: 1, perPage: 500 },
      sort: { field: 'order_position', order: 'ASC' },
      filter: { type },
    },
    {
      onError: () =>
        notify('Erro ao carregar', 'Não foi possível carregar as categorias.', 'error'),
    },
  );
  // Pessimistic: the list changes once the worker has saved (react-admin then reads it again).
  const [create, { isPending: creating }] = useCreate();
  const [update, { isPending: updating }] = useUpdate();
  const deleteWithUndo = useDeleteWithUndo();
  const saving = creating || updating;

  const save = () => {
    if (!dialog) return;
    const name = dialog.name.trim();
    if (name === '') {
      notify('Digite um nome para a categoria', undefined, 'error');
      return;
    }
    const done = (message: string) => () => {
      notify(message);
      setDialog(null);
    };
    const failed = (error: unknown) =>
      notify(messageOf(error, 'Erro ao salvar categoria'), undefined, 'error');
    if (dialog.id) {
      update(
        CATEGORIES,
        { id: dialog.id, data: { name }, previousData: { id: dialog.id } },
        {
          mutationMode: 'pessimistic',
          onSuccess: done('Categoria atualizada com sucesso!'),
          onError: failed,
        },
      );
    } else {
      create(
        CATEGORIES,
        { data: { name, type } },
        { onSuccess: done('Categoria criada com sucesso!'), onError: failed },
      );
    }
  };

  const remove = () => {
    if (!toDelete) return;
    const category = toDelete;
    setToDelete(null);
    // To the Lixeira at once; 'Desfazer' in the notification restores it.
    void deleteWithUndo(CATEGORIES, category, {
      success: 'Categoria excluída com sucesso!',
      onError: (error) => notify(messageOf(error, 'Erro ao excluir categoria'), undefined, 'error'),
    });
  };

  // The order the site's filters and the forms follow: one swap with the neighbour, by the worker.
  const move = async (category: Category, direction: Direction) => {
    setMoving(true);
    try {
      await dataProvider.moveCategory(category.id, direction);
    } catch (error) {
      notify('Não foi possível atualizar a ordem.', messageOf(error, ''), 'error');
    }
    await refetch();
    setMoving(false);
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Categorias" />
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="h5" component="h1">
          Gerenciar Categorias
        </Typography>
        <Button variant="contained" onClick={() => setDialog({ name: '' })}>
          Nova Categoria
        </Button>
      </Stack>
      <KindTabs value={type} onChange={setType} tabs={TABS} label="Tipo de categoria" />
      {isPending ? (
        <Loading />
      ) : rows === undefined ? (
        <Typography color="error">Não foi possível carregar as categorias.</Typography>
      ) : rows.length === 0 ? (
        <Typography>
          Nenhuma categoria cadastrada. Clique em "Nova Categoria" para começar.
        </Typography>
      ) : (
        <Card>
          <List>
            {rows.map((row, index) => (
              // The actions follow the name and wrap under it on a phone (a secondary action
              // would sit over a long name).
              <ListItem key={row.id} divider sx={{ flexWrap: 'wrap', columnGap: 2 }}>
                <ListItemText
                  primary={row.name}
                  secondary={row.is_active === false ? 'Inativa' : undefined}
                  sx={{ flex: '1 1 12rem' }}
                />
                <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                  <Button
                    size="small"
                    aria-label={`Mover ${row.name} para cima`}
                    disabled={moving || index === 0}
                    onClick={() => void move(row, 'up')}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Mover ${row.name} para baixo`}
                    disabled={moving || index === rows.length - 1}
                    onClick={() => void move(row, 'down')}
                  >
                    ↓
                  </Button>
                  <Button size="small" onClick={() => setDialog({ id: row.id, name: row.name })}>
                    Editar
                  </Button>
                  <Button size="small" color="error" onClick={() => setToDelete(row)}>
                    Excluir
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <Dialog open={dialog !== null} onClose={() => !saving && setDialog(null)}>
        <DialogTitle>{dialog?.id ? 'Editar Categoria' : 'Nova Categoria'}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label={CATEGORY_FIELD_LABELS.name}
            placeholder="Ex: Praia, Montanha, etc."
            value={dialog?.name ?? ''}
            onChange={(event) => dialog && setDialog({ ...dialog, name: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
            }}
            fullWidth
            sx={{ mt: 1 }}
          />
          {dialog?.id ? (
            <HistoryPanel
              table="categories"
              rowId={dialog.id}
              fieldLabels={CATEGORY_FIELD_LABELS}
              // The dialog keeps the typed name: after a restore it shows the restored one.
              onRestored={(row) => dialog && setDialog({ ...dialog, name: String(row.name ?? '') })}
              unsavedNote="O nome digitado e ainda não salvo será descartado."
              sx={{ mt: 3 }}
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={saving}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={save} disabled={saving}>
            {dialog?.id ? 'Atualizar' : 'Criar'}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={toDelete !== null}
        title="Confirmar Exclusão"
        content={`Tem certeza que deseja excluir a categoria "${toDelete?.name ?? ''}"? Ela fica na Lixeira por ${TRASH_RETENTION_DAYS} dias e pode ser restaurada de lá.`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
