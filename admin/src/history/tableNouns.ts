// What each table the history and the trash speak of is called ('a hospedagem', 'o slide') and
// where an admin edits one of its rows. Listings take their nouns from the domain's kinds table.
import {
  byGender,
  type Gender,
  KINDS,
  LISTING_KINDS,
  LISTING_RESOURCES,
  type ListingResource,
} from '@guia-fortim/domain';
import { capitalize } from '../kindLabels.ts';
import { CATEGORIES, REVIEWS, SLIDES, TRASH } from '../resources.ts';

interface Noun {
  singular: string;
  gender: Gender;
}

const NOUNS: Record<string, Noun> = {
  ...Object.fromEntries(
    LISTING_KINDS.map((kind) => [
      KINDS[kind].resource,
      { singular: KINDS[kind].singular, gender: KINDS[kind].gender },
    ]),
  ),
  categories: { singular: 'categoria', gender: 'feminine' },
  carousel_slides: { singular: 'slide', gender: 'masculine' },
  site_settings: { singular: 'configuração', gender: 'feminine' },
  user_roles: { singular: 'função', gender: 'feminine' },
  reviews: { singular: 'avaliação', gender: 'feminine' },
};

const nounOf = (table: string): Noun => NOUNS[table] ?? { singular: 'item', gender: 'masculine' };
const word = (table: string, masculine: string, feminine: string) =>
  byGender(nounOf(table).gender, masculine, feminine);

export const isListingTable = (table: string): table is ListingResource =>
  (LISTING_RESOURCES as readonly string[]).includes(table);

/** 'Hospedagem', 'Comércio', 'Passeio', 'Categoria', 'Slide', 'Avaliação'. */
export function tableNoun(table: string): string {
  return capitalize(nounOf(table).singular);
}

/** 'a hospedagem', 'o slide'. */
export function tableNounWithArticle(table: string): string {
  return `${word(table, 'o', 'a')} ${nounOf(table).singular}`;
}

/** 'da hospedagem', 'do slide'. */
export function tableNounOfThe(table: string): string {
  return `${word(table, 'do', 'da')} ${nounOf(table).singular}`;
}

/** The participle that agrees with the table's noun: agreeing('categories', 'restaurad') is 'restaurada'. */
export function agreeing(table: string, stem: string): string {
  return `${stem}${word(table, 'o', 'a')}`;
}

/** Where an admin edits this row, when there is such a place. */
export function editPath(table: string, rowId: string): string | null {
  if (isListingTable(table)) return `/admin/${table}/editar/${encodeURIComponent(rowId)}`;
  if (table === 'categories') return `/admin/${CATEGORIES}`;
  if (table === 'carousel_slides') return `/admin/${SLIDES}`;
  if (table === 'site_settings') return '/admin/configuracoes';
  if (table === 'user_roles') return '/admin/roles';
  if (table === 'reviews') return `/admin/${REVIEWS}`;
  return null;
}

/** How the database names a review in the history and the trash: its stars and its place. */
const REVIEW_LABEL = /^Avaliação \((\d)★\) de /;

/**
 * A row's name as the history and the trash recorded it. The panel says a review's noun beside
 * it ('a avaliação “4★ de Pousada do Rio”'), so its name leaves the noun out.
 */
export function rowName(table: string, label: string | null | undefined): string {
  const name = label?.trim() || 'sem nome';
  return table === 'reviews' ? name.replace(REVIEW_LABEL, '$1★ de ') : name;
}

export const TRASH_PATH = `/admin/${TRASH}`;
