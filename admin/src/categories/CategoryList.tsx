import {
  type Category,
  type ListingKind,
  MOVE_FAILED,
  type MoveDirection,
  TRASH_RETENTION_DAYS,
} from '@guia-fortim/domain';
import { Box, Button, Card, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, ListBase, Title, useDataProvider, useListContext } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { useDeleteWithUndo } from '../deleteWithUndo.ts';
import { messageOf } from '../errorMessage.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { KindTabs } from '../layout/KindTabs.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { CATEGORIES } from '../resources.ts';
import { CategoryCreate, CategoryEdit } from './CategoryDialogs.tsx';

const TABS = [
  { value: 'hospedagem', label: 'Hospedagem' },
  { value: 'comercio', label: 'Comércio' },
  { value: 'passeio', label: 'Passeios' },
] as const;

/** The kind's categories in the order the site's filters and the forms follow. */
function CategoryRows({ onEdit }: { onEdit: (category: Category) => void }) {
  const notify = useTitledNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const deleteWithUndo = useDeleteWithUndo();
  const { data: rows, isPending, error, refetch } = useListContext<Category>();
  const [moving, setMoving] = useState(false);
  const [toDelete, setToDelete] = useState<Category | null>(null);

  const remove = () => {
    if (!toDelete) return;
    const category = toDelete;
    setToDelete(null);
    // To the Lixeira at once; 'Desfazer' in the notification restores it.
    void deleteWithUndo(CATEGORIES, category, {
      success: 'Categoria excluída com sucesso!',
      onError: (failure) =>
        notify(messageOf(failure, 'Erro ao excluir categoria'), undefined, 'error'),
    });
  };

  // One swap with the neighbour, by the worker.
  const move = async (category: Category, direction: MoveDirection) => {
    setMoving(true);
    try {
      await dataProvider.moveCategory(category.id, direction);
    } catch (failure) {
      notify(MOVE_FAILED, messageOf(failure, ''), 'error');
    }
    await refetch();
    setMoving(false);
  };

  if (isPending) return <Loading />;
  if (error || rows === undefined) {
    return <Typography color="error">Não foi possível carregar as categorias.</Typography>;
  }
  return (
    <>
      {rows.length === 0 ? (
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
                  <Button size="small" onClick={() => onEdit(row)}>
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
      <Confirm
        isOpen={toDelete !== null}
        title="Confirmar Exclusão"
        content={`Tem certeza que deseja excluir a categoria "${toDelete?.name ?? ''}"? Ela fica na Lixeira por ${TRASH_RETENTION_DAYS} dias e pode ser restaurada de lá.`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

/** /admin/categorias: each kind's categories on its tab; new and edited ones in a dialog. */
export default function CategoryList() {
  const notify = useTitledNotify();
  const [type, setType] = useState<ListingKind>('hospedagem');
  // Which dialog is open: a new category, or the one being edited.
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const close = () => setDialog(null);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Categorias" />
      <Stack direction="row" justifyContent="space-between" alignItems="center">
        <Typography variant="h5" component="h1">
          Gerenciar Categorias
        </Typography>
        <Button variant="contained" onClick={() => setDialog({})}>
          Nova Categoria
        </Button>
      </Stack>
      <KindTabs value={type} onChange={setType} tabs={TABS} label="Tipo de categoria" />
      <ListBase<Category>
        resource={CATEGORIES}
        perPage={500}
        sort={{ field: 'order_position', order: 'ASC' }}
        filter={{ type }}
        disableSyncWithLocation
        queryOptions={{
          onError: () =>
            notify('Erro ao carregar', 'Não foi possível carregar as categorias.', 'error'),
        }}
      >
        <CategoryRows onEdit={(category) => setDialog({ id: String(category.id) })} />
      </ListBase>
      {dialog === null ? null : dialog.id ? (
        <CategoryEdit id={dialog.id} onClose={close} />
      ) : (
        <CategoryCreate type={type} onClose={close} />
      )}
    </Box>
  );
}
