import {
  bulkListAction,
  LIST_LIMIT_TITLE,
  type ListingBulkAction,
  type ListingResource,
  ORDERED_LIST,
  type OrderedList,
  TRASH_RETENTION_DAYS,
} from '@guia-fortim/domain';
import { Button } from '@mui/material';
import { useState } from 'react';
import { Confirm, type Identifier, useDataProvider, useListContext, useRefresh } from 'react-admin';
import { ApiError } from '../api.ts';
import type { AdminDataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { useRestoreDeleted } from '../restoreDeleted.ts';
import { ALL_IN_TRASH_FOR, IN_TRASH_FOR } from '../trash/retention.ts';
import { kindTexts } from './kindTexts.ts';

/**
 * The list's bulk actions on the rows picked: Destacar, Fixar no topo and Excluir. Each is one
 * request to the worker, by the rules one at a time follows (the cap of 4 featured, contiguous
 * order; all or nothing), and one notification whose 'Desfazer' puts back exactly what changed:
 * the Lixeira's 'Restaurar' for a delete, the reverse action for the orderings.
 */
export function ListingBulkActions({ kind }: { kind: ListingResource }) {
  const { data, selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const restore = useRestoreDeleted();
  const [busy, setBusy] = useState(false);
  const [askingDelete, setAskingDelete] = useState(false);
  const texts = kindTexts(kind);
  // In the order the list shows them: the featured and pinned positions follow it.
  const picked = (data ?? [])
    .map((row) => row.id)
    .filter((id: Identifier) => selectedIds.includes(id));

  const run = async (action: ListingBulkAction, done: (changed: string[]) => void) => {
    setBusy(true);
    try {
      done(await dataProvider.bulkListings(kind, action, picked));
      onUnselectItems();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'featured_limit') {
        notify(LIST_LIMIT_TITLE, error.message, 'error');
      } else if (action === 'delete') {
        notify(
          `Não foi possível excluir ${texts.pluralWithArticle}.`,
          messageOf(error, ''),
          'error',
        );
      } else {
        notify('Não foi possível atualizar os itens.', messageOf(error, ''), 'error');
      }
    }
    setBusy(false);
    refresh();
  };

  /** Into an ordered list; its undo takes out exactly the items that went in. */
  const order = (list: OrderedList) =>
    run(bulkListAction(list, true), (changed) => {
      const { texts } = ORDERED_LIST[list];
      if (changed.length === 0) {
        notify('Nada mudou', texts.bulkUnchanged, 'info');
        return;
      }
      notify(texts.bulkDone(changed.length), undefined, 'success', {
        undo: () =>
          void dataProvider
            .bulkListings(kind, bulkListAction(list, false), changed)
            .then(
              () => notify(texts.bulkUndone(changed.length)),
              (error: unknown) =>
                notify('Não foi possível desfazer.', messageOf(error, ''), 'error'),
            )
            .finally(refresh),
      });
    });

  const remove = () => {
    setAskingDelete(false);
    void run('delete', (changed) =>
      notify(
        texts.deletedCount(changed.length),
        changed.length === 1 ? IN_TRASH_FOR : ALL_IN_TRASH_FOR,
        'success',
        { undo: () => void restore(kind, changed) },
      ),
    );
  };

  return (
    <>
      <Button size="small" disabled={busy} onClick={() => void order('featured')}>
        Destacar
      </Button>
      <Button size="small" disabled={busy} onClick={() => void order('pinned')}>
        Fixar no topo
      </Button>
      <Button size="small" color="error" disabled={busy} onClick={() => setAskingDelete(true)}>
        Excluir
      </Button>
      <Confirm
        isOpen={askingDelete}
        title={picked.length === 1 ? 'Excluir 1 item?' : `Excluir ${picked.length} itens?`}
        content={`Os itens excluídos ficam na Lixeira por ${TRASH_RETENTION_DAYS} dias e podem ser restaurados de lá.`}
        confirm="Excluir"
        cancel="Cancelar"
        onConfirm={remove}
        onClose={() => setAskingDelete(false)}
      />
    </>
  );
}
