// The Portuguese name of each column an admin edits, stated once (a listing's in the domain's
// field definitions): the forms label their inputs with these (adding the asterisk or a hint), and
// the history names the fields that changed.
import { LISTING_FIELDS, LISTING_KINDS } from '@guia-fortim/domain';
import type { ListingField } from './listings/formRules.ts';

/** The listing form's fields, of every kind ('Nome *' in the form, 'Nome' in the history). */
export const LISTING_FIELD_LABELS = Object.fromEntries(
  LISTING_KINDS.flatMap((kind) =>
    LISTING_FIELDS[kind].fields.map((field) => [field.column, field.label]),
  ),
) as Record<ListingField, string>;

/** A listing's columns that other screens change (Destaques, Ordenar Topo) or the database sets. */
export const LISTING_COLUMN_LABELS: Record<string, string> = {
  ...LISTING_FIELD_LABELS,
  slug: 'Endereço da página',
  is_featured: 'Em destaque',
  featured_order: 'Posição nos destaques',
  is_pinned: 'Fixado no topo',
  pin_order: 'Posição no topo',
};

/** The carousel's slide form ('Título *' in the form). */
export const SLIDE_FIELD_LABELS = {
  image_url: 'Imagem do slide',
  title: 'Título',
  subtitle: 'Subtítulo',
  link: 'Link do botão',
  order_position: 'Ordem de Exibição',
  is_active: 'Slide ativo',
  image_styles: 'Ajuste da imagem',
} as const;

export const CATEGORY_FIELD_LABELS: Record<string, string> = {
  name: 'Nome da Categoria',
  type: 'Tipo',
  is_active: 'Ativa',
  order_position: 'Ordem',
};

/** A visitor's review, as the moderation screen and the history name its columns. */
export const REVIEW_FIELD_LABELS: Record<string, string> = {
  rating: 'Nota',
  comment: 'Comentário',
  status: 'Situação',
  rejection_reason: 'Motivo',
  reported_at: 'Denunciada em',
  moderated_at: 'Moderada em',
  moderated_by: 'Moderada por',
};
