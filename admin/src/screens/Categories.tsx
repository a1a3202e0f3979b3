import type { ListingKind } from '@guia-fortim/domain';
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
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Title, useDataProvider } from 'react-admin';
import { Loading } from '../layout/AdminLayout.tsx';
import { messageOf, useToast } from '../toast.tsx';
import { KindTabs } from './KindTabs.tsx';

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
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [type, setType] = useState<ListingKind>('hospedagem');
  const [rows, setRows] = useState<Category[] | null>(null);
  const [dialog, setDialog] = useState<{ id?: string; name: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<Category | null>(null);

  const load = useCallback(async () => {
    try {
      const { data } = await dataProvider.getList('categories', {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'order_position', order: 'ASC' },
        filter: { type },
      });
      setRows(data as Category[]);
    } catch {
      setRows([]);
    }
  }, [dataProvider, type]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const save = async () => {
    if (!dialog) return;
    const name = dialog.name.trim();
    if (name === '') {
      toast('Digite um nome para a categoria', undefined, 'error');
      return;
    }
    setSaving(true);
    try {
      if (dialog.id) {
        await dataProvider.update('categories', {
          id: dialog.id,
          data: { name },
          previousData: { id: dialog.id },
        });
        toast('Categoria atualizada com sucesso!');
      } else {
        await dataProvider.create('categories', { data: { name, type } });
        toast('Categoria criada com sucesso!');
      }
      setDialog(null);
      await load();
    } catch (error) {
      toast(messageOf(error, 'Erro ao salvar categoria'), undefined, 'error');
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    const category = toDelete;
    setToDelete(null);
    try {
      await dataProvider.delete('categories', { id: category.id, previousData: category });
      toast('Categoria excluída com sucesso!');
    } catch (error) {
      toast(messageOf(error, 'Erro ao excluir categoria'), undefined, 'error');
    }
    await load();
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
      {rows === null ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Typography>
          Nenhuma categoria cadastrada. Clique em "Nova Categoria" para começar.
        </Typography>
      ) : (
        <Card>
          <List>
            {rows.map((row) => (
              <ListItem
                key={row.id}
                secondaryAction={
                  <Stack direction="row" spacing={1}>
                    <Button size="small" onClick={() => setDialog({ id: row.id, name: row.name })}>
                      Editar
                    </Button>
                    <Button size="small" color="error" onClick={() => setToDelete(row)}>
                      Excluir
                    </Button>
                  </Stack>
                }
              >
                <ListItemText
                  primary={row.name}
                  secondary={row.is_active === false ? 'Inativa' : undefined}
                />
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
            label="Nome da Categoria"
            placeholder="Ex: Praia, Montanha, etc."
            value={dialog?.name ?? ''}
            onChange={(event) => dialog && setDialog({ ...dialog, name: event.target.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') void save();
            }}
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDialog(null)} disabled={saving}>
            Cancelar
          </Button>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {dialog?.id ? 'Atualizar' : 'Criar'}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={toDelete !== null}
        title="Confirmar Exclusão"
        content={`Tem certeza que deseja excluir a categoria "${toDelete?.name ?? ''}"? Esta ação não pode ser desfeita.`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={() => void remove()}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
