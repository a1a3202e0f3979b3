import {
  type ListingBulkAction,
  type ListingResource,
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
import { kindTexts } from '../rules/kindTexts.ts';
import { ALL_IN_TRASH_FOR, IN_TRASH_FOR } from '../rules/trash.ts';

type Ordering = 'feature' | 'pin';

/** What each ordering action and its undo say, by how many items changed (the spec's words for one). */
const ORDERING_TEXTS: Record<
  Ordering,
  { done: (count: number) => string; undone: (count: number) => string; unchanged: string }
> = {
  feature: {
    done: (count) =>
      count === 1 ? 'Item adicionado aos destaques!' : `${count} itens adicionados aos destaques!`,
    undone: (count) =>
      count === 1 ? 'Item removido dos destaques.' : `${count} itens removidos dos destaques.`,
    unchanged: 'Os itens selecionados já estavam em destaque.',
  },
  pin: {
    done: (count) => (count === 1 ? 'Fixado no topo' : `${count} itens fixados no topo`),
    undone: (count) => (count === 1 ? 'Removido do topo' : `${count} itens removidos do topo`),
    unchanged: 'Os itens selecionados já estavam fixados no topo.',
  },
};
const UNDO_ACTION: Record<Ordering, ListingBulkAction> = { feature: 'unfeature', pin: 'unpin' };

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
        notify('Limite atingido', error.message, 'error');
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

  const order = (ordering: Ordering) =>
    run(ordering, (changed) => {
      const said = ORDERING_TEXTS[ordering];
      if (changed.length === 0) {
        notify('Nada mudou', said.unchanged, 'info');
        return;
      }
      notify(said.done(changed.length), undefined, 'success', {
        undo: () =>
          void dataProvider
            .bulkListings(kind, UNDO_ACTION[ordering], changed)
            .then(
              () => notify(said.undone(changed.length)),
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
      <Button size="small" disabled={busy} onClick={() => void order('feature')}>
        Destacar
      </Button>
      <Button size="small" disabled={busy} onClick={() => void order('pin')}>
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
