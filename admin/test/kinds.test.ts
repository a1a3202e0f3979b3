import { describe, expect, it } from 'vitest';
import { newKindLabel } from '../src/kindLabels.ts';
import { kindTexts } from '../src/listings/kindTexts.ts';
import { SIDEBAR_ITEMS } from '../src/sidebar.ts';

describe("the panel's words for each kind", () => {
  it('come from the domain nouns, in the gender of each', () => {
    const { deletedCount: hospedagens, ...lodging } = kindTexts('hospedagens');
    const { deletedCount: comercios, ...business } = kindTexts('comercios');
    expect(lodging).toEqual({
      kind: 'hospedagem',
      label: 'Hospedagens',
      singular: 'hospedagem',
      withArticle: 'a hospedagem',
      ofThe: 'da hospedagem',
      pluralWithArticle: 'as hospedagens',
      created: 'Hospedagem criada',
      updated: 'Hospedagem atualizada',
      deleted: 'Hospedagem excluída',
    });
    expect(business).toEqual({
      kind: 'comercio',
      label: 'Comércios',
      singular: 'comércio',
      withArticle: 'o comércio',
      ofThe: 'do comércio',
      pluralWithArticle: 'os comércios',
      created: 'Comércio criado',
      updated: 'Comércio atualizado',
      deleted: 'Comércio excluído',
    });
    // A bulk delete's count, singular at 1 and plural above, in the noun's gender.
    expect([hospedagens(1), hospedagens(2), comercios(1), comercios(3)]).toEqual([
      'Hospedagem excluída',
      '2 hospedagens excluídas',
      'Comércio excluído',
      '3 comércios excluídos',
    ]);
    expect(kindTexts('passeios')).toMatchObject({
      label: 'Passeios',
      withArticle: 'o passeio',
      created: 'Passeio criado',
    });
  });

  it("the dashboard's quick actions agree with the noun", () => {
    expect((['hospedagem', 'comercio', 'passeio'] as const).map(newKindLabel)).toEqual([
      'Nova hospedagem',
      'Novo comércio',
      'Novo passeio',
    ]);
  });

  it('name the sidebar items of the three lists', () => {
    expect(SIDEBAR_ITEMS.slice(1, 4)).toEqual([
      { path: '/admin/hospedagens', label: 'Hospedagens', resource: 'hospedagens' },
      { path: '/admin/comercios', label: 'Comércios', resource: 'comercios' },
      { path: '/admin/passeios', label: 'Passeios', resource: 'passeios' },
    ]);
  });
});
