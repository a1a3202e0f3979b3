import { TRASH_RETENTION_DAYS } from '@guia-fortim/domain';
import { useCallback } from 'react';
import { type RaRecord, useDelete, useRefresh } from 'react-admin';
import { useToast } from './toast.tsx';

/** What a delete's toast adds under the screen's own 'Hospedagem excluída'. */
export const IN_TRASH_FOR = `Fica na lixeira por ${TRASH_RETENTION_DAYS} dias.`;

/**
 * Deletes the react-admin way, with undo (mutationMode 'undoable'): the item leaves the screen at
 * once and the toast offers 'Desfazer'. The worker is called only when the toast closes (after
 * 5 s, on a click elsewhere, or when the admin moves to another screen of the panel: the toast and
 * the queue of pending changes live above the routes), and never once 'Desfazer' was clicked. The
 * item then waits in the Lixeira; every screen on display reads its data again, the Lixeira too.
 */
export function useUndoableDelete() {
  const [deleteOne] = useDelete();
  const toast = useToast();
  const refresh = useRefresh();
  return useCallback(
    (
      resource: string,
      record: RaRecord,
      outcome: { success: string; onError: (error: unknown) => void },
    ) =>
      deleteOne(
        resource,
        { id: record.id, previousData: record },
        {
          mutationMode: 'undoable',
          onSuccess: () => toast(outcome.success, IN_TRASH_FOR, 'success', { undoable: true }),
          onError: outcome.onError,
          onSettled: () => refresh(),
        },
      ),
    [deleteOne, toast, refresh],
  );
}
