// 'Histórico': the changes of one row (or of a whole table, as the site settings), newest first,
// with who made each, when, the fields that changed, and 'Restaurar esta versão'.
import type { AuditEntry } from '@guia-fortim/domain';
import {
  Box,
  Button,
  Chip,
  type ChipProps,
  CircularProgress,
  DialogContentText,
  List,
  ListItem,
  Stack,
  type SxProps,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Confirm, useDataProvider, useInfiniteGetList, useRefresh } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { formatDate } from '../i18n.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { ItemThumb } from '../layout/ItemThumb.tsx';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { HISTORY } from '../resources.ts';
import {
  actionLabel,
  actorOf,
  type Change,
  canRestoreVersion,
  changesOf,
  currentVersionIds,
  HISTORY_PAGE_SIZE,
  restoresVersions,
} from './describe.ts';

const ACTION_COLORS: Partial<Record<AuditEntry['action'], ChipProps['color']>> = {
  insert: 'primary',
  delete: 'error',
  purge: 'error',
  restore: 'success',
  revert: 'success',
};

function ChangeLine({ change }: { change: Change }) {
  if (change.kind === 'image') {
    return (
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <span>
          <strong>{change.label}:</strong> foto alterada
        </span>
        <ItemThumb url={change.before} name="Foto anterior" />
        <span aria-hidden>→</span>
        <ItemThumb url={change.after} name="Foto nova" />
      </Stack>
    );
  }
  if (change.kind === 'note') {
    return (
      <span>
        <strong>{change.label}:</strong> {change.text}
      </span>
    );
  }
  return <TextChange change={change} />;
}

/** A text field old → new; a long one shows the part that changed, and both whole on demand. */
function TextChange({ change }: { change: Extract<Change, { kind: 'text' }> }) {
  const [open, setOpen] = useState(false);
  const wholeId = useId();
  return (
    <>
      <span>
        <strong>{change.label}:</strong> {change.before} → {change.after}
      </span>
      {change.whole ? (
        <>
          {' '}
          <Button
            size="small"
            sx={{ py: 0, verticalAlign: 'baseline' }}
            aria-expanded={open}
            aria-controls={wholeId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Ocultar texto completo' : 'Ver texto completo'}
          </Button>
          {open ? (
            <Box
              component="dl"
              id={wholeId}
              sx={{ my: 0.5, '& dd': { ml: 2, mb: 1, whiteSpace: 'pre-wrap' } }}
            >
              <dt>Antes</dt>
              <dd>{change.whole.before}</dd>
              <dt>Depois</dt>
              <dd>{change.whole.after}</dd>
            </Box>
          ) : null}
        </>
      ) : null}
    </>
  );
}

function EntryItem({
  entry,
  labels,
  current,
  restorable,
  restoring,
  busy,
  onRestore,
}: {
  entry: AuditEntry;
  labels: Readonly<Record<string, string>>;
  current: boolean;
  restorable: boolean;
  restoring: boolean;
  busy: boolean;
  onRestore: () => void;
}) {
  const changes = changesOf(entry, labels);
  return (
    <ListItem divider data-testid="history-entry" sx={{ display: 'block', px: 0 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Chip
          size="small"
          label={actionLabel(entry)}
          color={ACTION_COLORS[entry.action] ?? 'default'}
        />
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {actorOf(entry)}
        </Typography>
        <Typography variant="body2" component="span" color="text.secondary">
          <time dateTime={entry.at}>{formatDate(entry.at)}</time>
        </Typography>
        {current ? <Chip size="small" variant="outlined" label="Versão atual" /> : null}
      </Stack>
      {changes.length > 0 ? (
        <Box
          component="ul"
          sx={{ m: 0, mt: 1, pl: 2.5, typography: 'body2', overflowWrap: 'anywhere' }}
        >
          {changes.map((change) => (
            <li key={change.field}>
              <ChangeLine change={change} />
            </li>
          ))}
        </Box>
      ) : null}
      {restorable ? (
        <Button
          size="small"
          sx={{ mt: 0.5 }}
          onClick={onRestore}
          disabled={busy}
          startIcon={restoring ? <CircularProgress size={14} /> : undefined}
        >
          {restoring ? 'Restaurando...' : 'Restaurar esta versão'}
        </Button>
      ) : null}
    </ListItem>
  );
}

export interface HistoryPanelProps {
  /** The audited table: a listing table, 'carousel_slides', 'site_settings'… */
  table: string;
  /** One row's history; without it, the whole table's (the site settings). */
  rowId?: string;
  /** The forms' labels for the table's columns. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** After 'Restaurar esta versão': the row as it is now, for a screen that keeps its own state. */
  onRestored?: (row: Record<string, unknown>, entry: AuditEntry) => void;
  /** What the confirmation adds about values typed and not saved yet. */
  unsavedNote?: string;
  sx?: SxProps;
}

/**
 * Reads public.audit_log through the data provider (PostgREST), 10 entries at a time ('Ver mais').
 * 'Restaurar esta versão' asks first, calls the worker, says how it went, then reads everything on
 * screen again (react-admin's refresh): an edit form shows the restored values.
 */
export function HistoryPanel({
  table,
  rowId,
  fieldLabels = {},
  onRestored,
  unsavedNote = 'Alterações ainda não salvas no formulário serão descartadas.',
  sx,
}: HistoryPanelProps) {
  const headingId = useId();
  const notify = useTitledNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [asked, setAsked] = useState<AuditEntry | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const filter: Record<string, string> = { table_name: table };
  if (rowId !== undefined) filter.row_id = rowId;
  const { data, isPending, error, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteGetList<AuditEntry & { id: number }>(HISTORY, {
      pagination: { page: 1, perPage: HISTORY_PAGE_SIZE },
      sort: { field: 'id', order: 'DESC' },
      filter,
    });
  const entries = data?.pages.flatMap((page) => page.data) ?? [];
  const current = currentVersionIds(entries);

  const restore = async () => {
    const entry = asked;
    if (!entry) return;
    setAsked(null);
    setRestoring(entry.id);
    try {
      const row = await dataProvider.restoreVersion(entry.id);
      notify('Versão restaurada', `Os valores salvos em ${formatDate(entry.at)} estão de volta.`);
      onRestored?.(row, entry);
      refresh();
    } catch (failure) {
      notify(
        'Não foi possível restaurar esta versão.',
        messageOf(failure, 'Tente novamente.'),
        'error',
      );
    } finally {
      setRestoring(null);
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={sx}>
      <Typography variant="h6" component="h2" id={headingId}>
        Histórico
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {restoresVersions(table)
          ? 'Cada alteração salva, da mais recente para a mais antiga. Uma versão anterior pode ser restaurada.'
          : 'Cada alteração salva, da mais recente para a mais antiga.'}
      </Typography>
      {isPending ? (
        <Loading text="Carregando histórico..." />
      ) : error ? (
        <Typography color="error" sx={{ mt: 1 }}>
          Não foi possível carregar o histórico.
        </Typography>
      ) : entries.length === 0 ? (
        <Typography sx={{ mt: 1 }}>Nenhuma alteração registrada ainda.</Typography>
      ) : (
        <List aria-label="Alterações" dense disablePadding>
          {entries.map((entry) => (
            <EntryItem
              key={entry.id}
              entry={entry}
              labels={fieldLabels}
              current={current.has(entry.id)}
              restorable={canRestoreVersion(entry, current)}
              restoring={restoring === entry.id}
              busy={restoring !== null}
              onRestore={() => setAsked(entry)}
            />
          ))}
        </List>
      )}
      {hasNextPage ? (
        <Button
          size="small"
          sx={{ mt: 1 }}
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Carregando...' : 'Ver mais'}
        </Button>
      ) : null}
      <Confirm
        isOpen={asked !== null}
        title="Restaurar esta versão?"
        content={
          <DialogContentText>
            {asked
              ? `Os campos voltarão aos valores salvos em ${formatDate(asked.at)} por ${actorOf(asked)}. A versão atual continua no histórico. ${unsavedNote}`
              : ''}
          </DialogContentText>
        }
        confirm="Restaurar"
        cancel="Cancelar"
        confirmColor="primary"
        onConfirm={() => void restore()}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
}
