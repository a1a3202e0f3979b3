// The list and form screens' sentences about a kind of listing, in the gender of its noun.
import {
  agree,
  KINDS,
  kindOfResource,
  type ListingKind,
  type ListingResource,
} from '@guia-fortim/domain';
import { capitalize, kindLabel } from '../kindLabels.ts';

export interface KindTexts {
  kind: ListingKind;
  label: string;
  /** 'hospedagem', 'comércio', 'passeio' */
  singular: string;
  /** 'a hospedagem', 'o comércio' */
  withArticle: string;
  /** 'da hospedagem', 'do comércio' */
  ofThe: string;
  /** 'as hospedagens', 'os comércios' */
  pluralWithArticle: string;
  /** 'Hospedagem criada', 'Comércio criado' */
  created: string;
  updated: string;
  deleted: string;
  /** '3 hospedagens excluídas', '2 comércios excluídos' (one: 'Hospedagem excluída'). */
  deletedCount: (count: number) => string;
}

export function kindTexts(resource: ListingResource): KindTexts {
  const kind = kindOfResource(resource);
  const { singular, plural } = KINDS[kind];
  const word = (masculine: string, feminine: string) => agree(kind, masculine, feminine);
  const done = (verb: string) => `${capitalize(singular)} ${word(`${verb}o`, `${verb}a`)}`;
  return {
    kind,
    label: kindLabel(kind),
    singular,
    withArticle: `${word('o', 'a')} ${singular}`,
    ofThe: `${word('do', 'da')} ${singular}`,
    pluralWithArticle: `${word('os', 'as')} ${plural}`,
    created: done('criad'),
    updated: done('atualizad'),
    deleted: done('excluíd'),
    deletedCount: (count) =>
      count === 1 ? done('excluíd') : `${count} ${plural} ${word('excluídos', 'excluídas')}`,
  };
}
