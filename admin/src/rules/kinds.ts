import type { CategoryType, ListingResource } from './constants.ts';

/** How each kind of listing is named, stored and uploaded, in the panel's own words. */
export interface KindInfo {
  kind: ListingResource;
  categoryType: CategoryType;
  /** Tab and menu label. */
  label: string;
  singular: string;
  /** 'a hospedagem', 'o comércio', 'o passeio' */
  withArticle: string;
  /** 'da hospedagem', 'do comércio', 'do passeio' */
  ofThe: string;
  /** 'as hospedagens', 'os comércios', 'os passeios' */
  pluralWithArticle: string;
  /** 'Hospedagem criada' — gender of the success messages. */
  created: string;
  updated: string;
  deleted: string;
  uploadFolder: string;
}

export const KINDS: Record<ListingResource, KindInfo> = {
  hospedagens: {
    kind: 'hospedagens',
    categoryType: 'hospedagem',
    label: 'Hospedagens',
    singular: 'Hospedagem',
    withArticle: 'a hospedagem',
    ofThe: 'da hospedagem',
    pluralWithArticle: 'as hospedagens',
    created: 'Hospedagem criada',
    updated: 'Hospedagem atualizada',
    deleted: 'Hospedagem excluída',
    uploadFolder: 'hospedagens',
  },
  comercios: {
    kind: 'comercios',
    categoryType: 'comercio',
    label: 'Comércios',
    singular: 'Comércio',
    withArticle: 'o comércio',
    ofThe: 'do comércio',
    pluralWithArticle: 'os comércios',
    created: 'Comércio criado',
    updated: 'Comércio atualizado',
    deleted: 'Comércio excluído',
    uploadFolder: 'comercios',
  },
  passeios: {
    kind: 'passeios',
    categoryType: 'passeio',
    label: 'Passeios',
    singular: 'Passeio',
    withArticle: 'o passeio',
    ofThe: 'do passeio',
    pluralWithArticle: 'os passeios',
    created: 'Passeio criado',
    updated: 'Passeio atualizado',
    deleted: 'Passeio excluído',
    uploadFolder: 'passeios',
  },
};

export function isListingKind(value: string | undefined): value is ListingResource {
  return value === 'hospedagens' || value === 'comercios' || value === 'passeios';
}
