// 'Lixeira' (/admin/lixeira): deleted listings, categories and slides, newest first, for 30 days.
// 'Restaurar' puts an item back where it was; 'Excluir definitivamente' ends it and its photos.
import type { TrashItem } from '@guia-fortim/domain';
import { Button, CircularProgress, DialogContentText, Stack, Typography } from '@mui/material';
import { forwardRef, useState } from 'react';
import {
  Confirm,
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
  List,
  useCanAccess,
  useDataProvider,
  useDelete,
  useRefresh,
} from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { agreeing, tableNoun, tableNounWithArticle } from '../history/tableNouns.ts';
import { formatDate } from '../i18n.ts';
import { capitalize } from '../kindLabels.ts';
import { STACKED_ON_PHONE } from '../layout/stackedTable.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { PURGE } from '../permissions.ts';
import { TRASH } from '../resources.ts';
import {
  namedTrashItem,
  purgeIn,
  restoredTitle,
  TRASH_EXPLANATION,
  trashItemName,
} from './retention.ts';

const EMPTY = 'A lixeira está vazia.';
/** What has photos of its own: purging it frees them. */
const WITH_PHOTOS = new Set(['hospedagens', 'comercios', 'passeios', 'carousel_slides']);

const Row = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => (
  <DataTableRow ref={ref} {...props} data-testid="trash-row" />
));

function Body(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={Row} />;
}

function TrashActions({ item }: { item: TrashItem }) {
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<'idle' | 'restoring' | 'restored'>('idle');
  const [asking, setAsking] = useState(false);
  // Pessimistic: the row leaves the list once the worker has deleted it for good.
  const [purge, { isPending: purging }] = useDelete();
  // Purging is the administrators' (a moderator restores only).
  const { canAccess: mayPurge } = useCanAccess({ resource: TRASH, action: PURGE });

  const restore = async () => {
    setState('restoring');
    try {
      const { notices } = await dataProvider.restoreFromTrash(item.id);
      setState('restored');
      notify(restoredTitle(item), notices, 'success', {
        autoHideDuration: notices.length > 0 ? 12_000 : 5000,
      });
    } catch (error) {
      setState('idle');
      notify('Não foi possível restaurar o item.', messageOf(error, 'Tente novamente.'), 'error');
    }
    // The item left the trash (or another admin took it first): every screen reads again.
    refresh();
  };

  const purgeForGood = () => {
    setAsking(false);
    void purge(
      TRASH,
      { id: item.id, previousData: item },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(`${namedTrashItem(item)} ${agreeing(item.table_name, 'excluíd')} definitivamente`),
        onError: (error) =>
          notify(
            'Não foi possível excluir o item definitivamente.',
            messageOf(error, 'Tente novamente.'),
            'error',
          ),
      },
    );
  };

  const busy = state !== 'idle' || purging;
  const thing = tableNounWithArticle(item.table_name);
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      <Button
        size="small"
        variant="contained"
        onClick={() => void restore()}
        disabled={busy}
        startIcon={state === 'restoring' ? <CircularProgress size={14} /> : undefined}
      >
        {state === 'restoring'
          ? 'Restaurando...'
          : state === 'restored'
            ? 'Restaurado'
            : 'Restaurar'}
      </Button>
      {mayPurge === true && (
        <>
          <Button
            size="small"
            color="error"
            onClick={() => setAsking(true)}
            disabled={busy}
            startIcon={purging ? <CircularProgress size={14} /> : undefined}
          >
            {purging ? 'Excluindo...' : 'Excluir definitivamente'}
          </Button>
          <Confirm
            isOpen={asking}
            title="Excluir definitivamente?"
            content={
              <DialogContentText>
                {`${capitalize(thing)} “${trashItemName(item)}” será ${agreeing(item.table_name, 'excluíd')} para sempre${WITH_PHOTOS.has(item.table_name) ? ', com as suas fotos' : ''}. Esta ação não pode ser desfeita.`}
              </DialogContentText>
            }
            confirm="Excluir definitivamente"
            cancel="Cancelar"
            onConfirm={purgeForGood}
            onClose={() => setAsking(false)}
          />
        </>
      )}
    </Stack>
  );
}

export default function Trash() {
  const notify = useTitledNotify();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Lixeira
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {TRASH_EXPLANATION}
      </Typography>
      <List<TrashItem>
        resource={TRASH}
        title="Lixeira"
        sort={{ field: 'deleted_at', order: 'DESC' }}
        perPage={25}
        actions={false}
        empty={<Typography sx={{ mt: 2 }}>{EMPTY}</Typography>}
        error={
          <Typography color="error" sx={{ mt: 2 }}>
            Não foi possível carregar a lixeira.
          </Typography>
        }
        queryOptions={{
          onError: () =>
            notify('Erro ao carregar', 'Não foi possível carregar a lixeira.', 'error'),
        }}
      >
        <DataTable
          body={Body}
          bulkActionButtons={false}
          rowClick={false}
          sx={STACKED_ON_PHONE}
          empty={<Typography sx={{ p: 2 }}>{EMPTY}</Typography>}
        >
          <DataTable.Col
            source="table_name"
            label="Tipo"
            data-label="Tipo"
            render={(item: TrashItem) => tableNoun(item.table_name)}
          />
          <DataTable.Col
            source="label"
            label="Nome"
            data-label="Nome"
            render={(item: TrashItem) => trashItemName(item)}
          />
          <DataTable.Col
            source="deleted_by_email"
            label="Excluído por"
            data-label="Excluído por"
            render={(item: TrashItem) => item.deleted_by_email ?? 'Sistema'}
          />
          <DataTable.Col
            source="deleted_at"
            label="Excluído em"
            data-label="Excluído em"
            render={(item: TrashItem) => formatDate(item.deleted_at)}
          />
          <DataTable.Col
            label="Exclusão definitiva"
            data-label="Exclusão definitiva"
            disableSort
            render={(item: TrashItem) => purgeIn(item.deleted_at)}
          />
          <DataTable.Col
            label="Ações"
            data-label="Ações"
            disableSort
            render={(item: TrashItem) => <TrashActions item={item} />}
          />
        </DataTable>
      </List>
    </>
  );
}
