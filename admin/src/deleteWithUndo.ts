import { useCallback } from 'react';
import { type RaRecord, useDelete, useRefresh } from 'react-admin';
import { useTitledNotify } from './notifications/useTitledNotify.tsx';
import { useRestoreDeleted } from './restoreDeleted.ts';
import { IN_TRASH_FOR } from './trash/retention.ts';

/**
 * Deletes at once (pessimistic: the notification says it is done once the worker has moved the
 * item to the Lixeira), so leaving the panel right after loses nothing; the notification's
 * 'Desfazer' brings it back through the Lixeira's 'Restaurar'.
 */
export function useDeleteWithUndo() {
  const [deleteOne] = useDelete();
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const restore = useRestoreDeleted();
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
          mutationMode: 'pessimistic',
          onSuccess: () =>
            notify(outcome.success, IN_TRASH_FOR, 'success', {
              undo: () => void restore(resource, [record.id]),
            }),
          onError: outcome.onError,
          onSettled: () => refresh(),
        },
      ),
    [deleteOne, notify, refresh, restore],
  );
}
