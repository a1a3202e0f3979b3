// The history of changes in the panel's words: what was done ('Editado'), by whom, which fields
// went from what to what, and the dashboard's sentence for it. Pure functions, no React.
import { type AuditEntry, type HistoryAction, REVIEW_STATUS_LABELS } from '@guia-fortim/domain';
import { formatDate, formatMoney } from '../i18n.ts';
import { ROLE_LABELS } from '../roles/roleLabels.ts';
import { settingLabel } from '../settings/settingLabels.ts';
import {
  editPath,
  rowName,
  TRASH_PATH,
  tableNounOfThe,
  tableNounWithArticle,
} from './tableNouns.ts';
import { excerptAroundChange } from './textExcerpt.ts';

/** How many entries a history shows before 'Ver mais'. */
export const HISTORY_PAGE_SIZE = 10;

/** The tables whose deleted rows wait in the trash (a delete elsewhere removes for good). */
const TRASHED_TABLES = new Set([
  'hospedagens',
  'comercios',
  'passeios',
  'categories',
  'carousel_slides',
  'reviews',
]);

export const ACTION_LABELS: Record<HistoryAction, string> = {
  insert: 'Criado',
  update: 'Editado',
  delete: 'Enviado para a lixeira',
  restore: 'Restaurado da lixeira',
  revert: 'Versão restaurada',
  purge: 'Excluído definitivamente',
};

/** The action as an entry's tag; a setting or a role that is deleted is simply 'Removido'. */
export function actionLabel(entry: Pick<AuditEntry, 'action' | 'table_name'>): string {
  if (entry.action === 'delete' && !TRASHED_TABLES.has(entry.table_name)) return 'Removido';
  return ACTION_LABELS[entry.action] ?? entry.action;
}

/** Who did it: the admin's e-mail; changes made outside the panel (the database itself) are 'Sistema'. */
export function actorOf(entry: Pick<AuditEntry, 'actor_email'>): string {
  return entry.actor_email?.trim() || 'Sistema';
}

/**
 * The item's name: a listing's or category's name, a slide's title, a setting's Portuguese name,
 * a review's stars and place.
 */
export function entryLabel(entry: Pick<AuditEntry, 'table_name' | 'row_id' | 'label'>): string {
  if (entry.table_name === 'site_settings') return settingLabel(entry.row_id);
  const label = rowName(entry.table_name, entry.label);
  if (entry.table_name === 'user_roles') {
    return label.replace(
      /\((user|moderator|admin)\)$/,
      (_, role: keyof typeof ROLE_LABELS) => `(${ROLE_LABELS[role]})`,
    );
  }
  return label;
}

function verbPhrase(entry: Pick<AuditEntry, 'action' | 'table_name'>): string {
  const table = entry.table_name;
  const thing = tableNounWithArticle(table);
  switch (entry.action) {
    case 'insert':
      return table === 'user_roles' ? 'atribuiu a função' : `criou ${thing}`;
    case 'update':
      return `editou ${thing}`;
    case 'delete':
      return TRASHED_TABLES.has(table) ? `enviou para a lixeira ${thing}` : `removeu ${thing}`;
    case 'restore':
      return `restaurou da lixeira ${thing}`;
    case 'revert':
      return `restaurou uma versão ${tableNounOfThe(table)}`;
    case 'purge':
      return `excluiu definitivamente ${thing}`;
    default:
      return `alterou ${thing}`;
  }
}

/** The dashboard's line: 'ana@… editou a hospedagem “Pousada do Rio”'. */
export function activitySentence(entry: AuditEntry): string {
  return `${actorOf(entry)} ${verbPhrase(entry)} “${entryLabel(entry)}”`;
}

/**
 * Where the dashboard's line leads, given the newest entries first: the item's edit screen, the
 * Lixeira while it is there, nowhere once it was deleted for good.
 */
export function activityLinks(entries: readonly AuditEntry[]): (string | null)[] {
  const ended = new Map<string, string | null>();
  return entries.map((entry) => {
    const key = `${entry.table_name}:${entry.row_id}`;
    if (!ended.has(key)) {
      if (entry.action === 'purge') ended.set(key, null);
      else if (entry.action === 'delete' && TRASHED_TABLES.has(entry.table_name)) {
        ended.set(key, TRASH_PATH);
      } else ended.set(key, editPath(entry.table_name, entry.row_id));
    }
    return ended.get(key) ?? null;
  });
}

const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });

/** 'agora mesmo', 'há 5 minutos', 'há 3 horas', 'ontem', 'há 4 dias', then the date. */
export function relativeTime(at: string, now = Date.now()): string {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return '—';
  const seconds = Math.round((now - time) / 1000);
  if (seconds < 60) return 'agora mesmo';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return formatDate(at);
}

/** One field that changed, as the history shows it. */
export type Change =
  | {
      kind: 'text';
      field: string;
      label: string;
      /** What is shown of each side: the part that changed, when the texts are long. */
      before: string;
      after: string;
      /** Both sides whole, when what is shown left something out ('Ver texto completo'). */
      whole: { before: string; after: string } | null;
    }
  | { kind: 'image'; field: string; label: string; before: string | null; after: string | null }
  | { kind: 'note'; field: string; label: string; text: string };

/** Columns nobody edits: never listed as changes. */
const HIDDEN_COLUMNS = new Set(['id', 'created_at', 'updated_at', 'setting_key']);
/** A review's decision columns: the entry itself says who decided and when. */
const HIDDEN_REVIEW_COLUMNS = new Set(['moderated_at', 'moderated_by']);
/** Photo columns: shown as pictures, not addresses. */
const IMAGE_COLUMNS = new Set(['image_url']);
const EMPTY = '(vazio)';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });

/** A value as text: pt-BR numbers and money, 'Sim'/'Não', lists joined, '(vazio)'. */
export function valueText(column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.map(String).join(', ');
  if (column === 'price') return formatMoney(value);
  if (typeof value === 'number') return decimal.format(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const photos = (value: unknown) => {
  const count = Array.isArray(value) ? value.length : 0;
  return count === 1 ? '1 foto' : `${count} fotos`;
};

function changeOf(column: string, label: string, before: unknown, after: unknown): Change {
  if (IMAGE_COLUMNS.has(column)) {
    const url = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
    return { kind: 'image', field: column, label, before: url(before), after: url(after) };
  }
  if (column === 'additional_images') {
    return {
      kind: 'note',
      field: column,
      label,
      text: `fotos alteradas (${photos(before)} → ${photos(after)})`,
    };
  }
  if (column === 'image_styles') {
    return { kind: 'note', field: column, label, text: 'enquadramento da foto alterado' };
  }
  return {
    kind: 'text',
    field: column,
    label,
    ...excerptAroundChange(valueText(column, before), valueText(column, after)),
  };
}

/**
 * What an entry changed, field by field, with the labels the forms use. Edits and restored
 * versions list their changed fields; a setting's first value shows as a change from '(vazio)'.
 */
export function changesOf(
  entry: Pick<AuditEntry, 'table_name' | 'row_id' | 'action' | 'changed' | 'before' | 'after'>,
  labels: Readonly<Record<string, string>> = {},
): Change[] {
  const settings = entry.table_name === 'site_settings';
  const labelOf = (column: string) =>
    settings && column === 'setting_value'
      ? settingLabel(entry.row_id)
      : (labels[column] ?? column);
  let columns: readonly string[];
  if (entry.action === 'update' || entry.action === 'revert') columns = entry.changed ?? [];
  else if (entry.action === 'insert' && settings) columns = ['setting_value'];
  else columns = [];
  return columns
    .filter(
      (column) =>
        !HIDDEN_COLUMNS.has(column) &&
        !(entry.table_name === 'reviews' && HIDDEN_REVIEW_COLUMNS.has(column)),
    )
    .map((column) =>
      changeOf(
        column,
        labelOf(column),
        shownValue(entry.table_name, column, entry.before?.[column]),
        shownValue(entry.table_name, column, entry.after?.[column]),
      ),
    );
}

/** A value as the screens say it: a review's state in the moderation screen's word, its report's date. */
function shownValue(table: string, column: string, value: unknown): unknown {
  if (table !== 'reviews' || typeof value !== 'string') return value;
  if (column === 'status') {
    return REVIEW_STATUS_LABELS[value as keyof typeof REVIEW_STATUS_LABELS] ?? value;
  }
  return column === 'reported_at' ? formatDate(value) : value;
}

/**
 * The entries that hold each row's current version: the newest entry of a row, when it has one
 * (a row whose newest entry is a delete has no current version). Newest entries first.
 */
export function currentVersionIds(entries: readonly AuditEntry[]): Set<number> {
  const seen = new Set<string>();
  const current = new Set<number>();
  for (const entry of entries) {
    const key = `${entry.table_name}:${entry.row_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (entry.after) current.add(entry.id);
  }
  return current;
}

/** 'Restaurar esta versão' is offered for a recorded version that is not the current one. */
export function canRestoreVersion(entry: AuditEntry, current: ReadonlySet<number>): boolean {
  return (
    restoresVersions(entry.table_name) &&
    entry.after !== null &&
    entry.action !== 'purge' &&
    !current.has(entry.id)
  );
}

/**
 * The tables whose earlier versions come back (the database's restore_version). A review's words
 * are its author's: its history is read only.
 */
const VERSIONED_TABLES = new Set([
  'hospedagens',
  'comercios',
  'passeios',
  'categories',
  'carousel_slides',
  'site_settings',
]);

export function restoresVersions(table: string): boolean {
  return VERSIONED_TABLES.has(table);
}
