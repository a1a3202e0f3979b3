import { useCallback } from 'react';
import { type Identifier, useDataProvider, useRefresh } from 'react-admin';
import type { AdminDataProvider } from './dataProvider.ts';
import { messageOf } from './errorMessage.ts';
import { useTitledNotify } from './notifications/useTitledNotify.tsx';
import { restoredTitle } from './trash/retention.ts';

/**
 * 'Desfazer' of a delete: the rows are already in the Lixeira, so undoing is its 'Restaurar'
 * (each back where it was, featured and pinned places included), told as the Lixeira tells it.
 * Every screen on display then reads its data again.
 */
export function useRestoreDeleted() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useTitledNotify();
  const refresh = useRefresh();
  return useCallback(
    async (resource: string, ids: readonly Identifier[]) => {
      try {
        const restored = await dataProvider.restoreDeleted(resource, ids);
        const notices = restored.flatMap((one) => one.notices);
        const [first] = restored;
        notify(
          restored.length === 1 && first
            ? restoredTitle(first.item)
            : `${restored.length} itens restaurados`,
          notices,
          'success',
          { autoHideDuration: notices.length > 0 ? 12_000 : 5000 },
        );
      } catch (error) {
        notify(
          'Não foi possível desfazer a exclusão.',
          messageOf(error, 'O que foi excluído continua na Lixeira.'),
          'error',
        );
      }
      refresh();
    },
    [dataProvider, notify, refresh],
  );
}
