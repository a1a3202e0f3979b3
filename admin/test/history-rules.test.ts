// The history's and the trash's words, without a screen: actions, fields old → new, the current
// version, the dashboard's sentence and link, the days left in the trash.
import type { AuditEntry } from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import { LISTING_COLUMN_LABELS, REVIEW_FIELD_LABELS } from '../src/fieldLabels.ts';
import {
  actionLabel,
  activityLinks,
  activitySentence,
  actorOf,
  canRestoreVersion,
  changesOf,
  currentVersionIds,
  entryLabel,
  relativeTime,
} from '../src/history/describe.ts';
import { agreeing, editPath, tableNoun, tableNounWithArticle } from '../src/history/tableNouns.ts';
import { formatDate } from '../src/i18n.ts';
import { daysUntilPurge, namedTrashItem, purgeIn } from '../src/trash/retention.ts';

let nextId = 100;
function entry(extra: Partial<AuditEntry>): AuditEntry {
  return {
    id: nextId--,
    at: '2026-11-22T15:04:00Z',
    actor_id: 'u1',
    actor_email: 'ana@teste.local',
    table_name: 'hospedagens',
    row_id: 'h1',
    action: 'update',
    label: 'Pousada do Rio',
    changed: [],
    before: { name: 'Pousada do Rio' },
    after: { name: 'Pousada do Rio' },
    ...extra,
  };
}

describe('history entries', () => {
  it('name each action in Portuguese; a setting or a role is removed, not sent to the trash', () => {
    const label = (action: AuditEntry['action'], table = 'hospedagens') =>
      actionLabel({ action, table_name: table });
    expect(
      (['insert', 'update', 'delete', 'restore', 'revert', 'purge'] as const).map((a) => label(a)),
    ).toEqual([
      'Criado',
      'Editado',
      'Enviado para a lixeira',
      'Restaurado da lixeira',
      'Versão restaurada',
      'Excluído definitivamente',
    ]);
    expect(label('delete', 'user_roles')).toBe('Removido');
    expect(actorOf({ actor_email: null })).toBe('Sistema');
    expect(actorOf({ actor_email: 'ana@teste.local' })).toBe('ana@teste.local');
  });

  it("list an edit's fields with the forms' labels, old → new, in pt-BR", () => {
    const description = `${'Quartos amplos com vista para o rio. '.repeat(4)}Fim.`;
    const changes = changesOf(
      entry({
        changed: [
          'amenities',
          'description',
          'is_featured',
          'price',
          'rating',
          'updated_at',
          'latitude',
        ],
        before: {
          amenities: ['Wi-Fi'],
          description: 'Curta.',
          is_featured: false,
          price: 200,
          rating: 4.5,
          latitude: -4.4506,
        },
        after: {
          amenities: ['Wi-Fi', 'Piscina'],
          description,
          is_featured: true,
          price: 350.5,
          rating: 4.8,
          latitude: -4.451234,
        },
      }),
      LISTING_COLUMN_LABELS,
    );
    const text = changes.map((change) =>
      change.kind === 'text' ? `${change.label}: ${change.before} → ${change.after}` : change.kind,
    );
    expect(text).toEqual([
      'Comodidades: Wi-Fi → Wi-Fi, Piscina',
      'Descrição: Curta. → Quartos amplos com vista para o rio. Quartos amplos com…',
      'Em destaque: Não → Sim',
      'Preço (R$): R$\u00a0200,00 → R$\u00a0350,50',
      'Avaliação (0 a 5): 4,5 → 4,8',
      'Latitude: -4,4506 → -4,451234',
    ]);
    const [, long] = changes;
    expect(long?.kind === 'text' && long.whole).toEqual({ before: 'Curta.', after: description });
    // Short values are shown whole: nothing more to see.
    expect(changes.map((change) => change.kind === 'text' && change.whole !== null)).toEqual([
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  describe('a long text changed shows the part that changed, on both sides', () => {
    const opening = 'Pousada pé na areia com quartos amplos, café da manhã regional e piscina. ';
    const long = `${opening.repeat(5)}Check-in a partir das 14h.`;
    const change = (before: string, after: string) => {
      const [shown] = changesOf(
        entry({
          changed: ['description'],
          before: { description: before },
          after: { description: after },
        }),
        LISTING_COLUMN_LABELS,
      );
      if (shown?.kind !== 'text') throw new Error('sem mudança de texto');
      return shown;
    };

    it('an edit near the end: the end of both, with what came before cut to an ellipsis', () => {
      const shown = change(long, long.replace('14h', '15h'));
      expect(shown.before).toBe('…Check-in a partir das 14h.');
      expect(shown.after).toBe('…Check-in a partir das 15h.');
      expect(shown.whole).toEqual({ before: long, after: long.replace('14h', '15h') });
    });

    it('an edit at the very start, in the middle, a word added at the end', () => {
      expect(change(long, `Hotel${long.slice('Pousada'.length)}`)).toMatchObject({
        before: 'Pousada pé na areia com quartos…',
        after: 'Hotel pé na areia com quartos…',
      });
      const middle = `${opening.repeat(2)}Aceita pets. ${opening.repeat(3)}`;
      expect(change(`${opening.repeat(5)}`, middle)).toMatchObject({
        before: '…da manhã regional e piscina. Pousada pé na areia com…',
        after: '…da manhã regional e piscina. Aceita pets. Pousada pé na areia com…',
      });
      expect(change(long, `${long} Sem animais.`)).toMatchObject({
        before: '…Check-in a partir das 14h.',
        after: '…Check-in a partir das 14h. Sem animais.',
      });
    });

    it('a text replaced whole, or emptied: the start of each side, cut between words', () => {
      const other = 'Outro texto. '.repeat(20).trim();
      expect(change(long, other)).toMatchObject({
        before: 'Pousada pé na areia com quartos amplos, café da manhã…',
        after: 'Outro texto. Outro texto. Outro texto. Outro texto. Outro…',
      });
      expect(change(long, '')).toMatchObject({ after: '(vazio)', whole: { after: '(vazio)' } });
    });
  });

  it('show photos as pictures, the extra photos and the framing as notes', () => {
    const changes = changesOf(
      entry({
        changed: ['additional_images', 'image_styles', 'image_url'],
        before: { image_url: '/a-hero.jpg', additional_images: [], image_styles: { scale: 1 } },
        after: {
          image_url: '/b-hero.jpg',
          additional_images: ['/c-hero.jpg'],
          image_styles: { scale: 1.5 },
        },
      }),
      LISTING_COLUMN_LABELS,
    );
    expect(changes).toEqual([
      {
        kind: 'note',
        field: 'additional_images',
        label: 'Fotos adicionais',
        text: 'fotos alteradas (0 fotos → 1 foto)',
      },
      {
        kind: 'note',
        field: 'image_styles',
        label: 'Ajuste da imagem',
        text: 'enquadramento da foto alterado',
      },
      {
        kind: 'image',
        field: 'image_url',
        label: 'Imagem principal',
        before: '/a-hero.jpg',
        after: '/b-hero.jpg',
      },
    ]);
  });

  it("name a setting by its field's label, its first value as a change from (vazio)", () => {
    const saved = entry({
      table_name: 'site_settings',
      row_id: 'contact_email',
      label: 'contact_email',
      action: 'insert',
      before: null,
      after: { setting_key: 'contact_email', setting_value: 'oi@fortim.br' },
    });
    expect(changesOf(saved)).toMatchObject([
      { label: 'E-mail de contato', before: '(vazio)', after: 'oi@fortim.br' },
    ]);
    expect(entryLabel(saved)).toBe('E-mail de contato');
    expect(changesOf(entry({ action: 'insert', before: null }))).toEqual([]);
  });

  it('offer every recorded version but the current one and the deleted', () => {
    const newest = entry({ id: 3, changed: ['name'] });
    const older = entry({ id: 2, changed: ['name'] });
    const created = entry({ id: 1, action: 'insert', before: null });
    const current = currentVersionIds([newest, older, created]);
    expect([...current]).toEqual([3]);
    expect([newest, older, created].map((e) => canRestoreVersion(e, current))).toEqual([
      false,
      true,
      true,
    ]);
    // A row whose newest entry sent it to the trash has no current version.
    const trashed = entry({ id: 9, row_id: 'h9', action: 'delete', after: null });
    const before = entry({ id: 8, row_id: 'h9' });
    expect(currentVersionIds([trashed, before]).size).toBe(0);
    expect(canRestoreVersion(trashed, new Set())).toBe(false);
  });
});

describe("the dashboard's recent activity", () => {
  it('says who did what to which item', () => {
    const sentence = (extra: Partial<AuditEntry>) => activitySentence(entry(extra));
    expect(sentence({})).toBe('ana@teste.local editou a hospedagem “Pousada do Rio”');
    expect(sentence({ action: 'delete', table_name: 'comercios', label: 'Bar' })).toBe(
      'ana@teste.local enviou para a lixeira o comércio “Bar”',
    );
    expect(sentence({ action: 'revert', table_name: 'carousel_slides', label: 'Dunas' })).toBe(
      'ana@teste.local restaurou uma versão do slide “Dunas”',
    );
    expect(sentence({ action: 'insert', actor_email: null, table_name: 'passeios' })).toBe(
      'Sistema criou o passeio “Pousada do Rio”',
    );
    expect(
      sentence({ table_name: 'site_settings', row_id: 'nav_label_mapa', label: 'nav_label_mapa' }),
    ).toBe('ana@teste.local editou a configuração “Menu: Mapa”');
    expect(
      sentence({
        action: 'insert',
        table_name: 'user_roles',
        label: 'bia@teste.local (moderator)',
      }),
    ).toBe('ana@teste.local atribuiu a função “bia@teste.local (Moderador)”');
  });

  it("links to the item's screen, to the Lixeira while it is there, nowhere once purged", () => {
    const links = activityLinks([
      entry({ id: 5, row_id: 'h1', action: 'delete', after: null }),
      entry({ id: 4, row_id: 'h1' }),
      entry({ id: 3, row_id: 'h2' }),
      entry({ id: 2, row_id: 'h3', action: 'purge', after: null }),
      entry({ id: 1, row_id: 'h3' }),
      entry({ id: 0, table_name: 'carousel_slides', row_id: 's1' }),
    ]);
    expect(links).toEqual([
      '/admin/lixeira',
      '/admin/lixeira',
      '/admin/hospedagens/editar/h2',
      null,
      null,
      '/admin/carousel',
    ]);
    expect(editPath('site_settings', 'contact_email')).toBe('/admin/configuracoes');
  });

  it('tells the time relative to now, then as a date', () => {
    const now = Date.parse('2026-11-22T15:04:00Z');
    const ago = (ms: number) => relativeTime(new Date(now - ms).toISOString(), now);
    expect(ago(10_000)).toBe('agora mesmo');
    expect(ago(5 * 60_000)).toBe('há 5 minutos');
    expect(ago(3 * 3_600_000)).toBe('há 3 horas');
    expect(ago(24 * 3_600_000)).toBe('ontem');
    expect(ago(30 * 24 * 3_600_000)).toMatch(/^23\/10\/2026/);
  });
});

describe('the Lixeira', () => {
  it('names what each item is and agrees with its noun', () => {
    expect(
      ['hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides'].map(tableNoun),
    ).toEqual(['Hospedagem', 'Comércio', 'Passeio', 'Categoria', 'Slide']);
    expect(tableNounWithArticle('categories')).toBe('a categoria');
    expect(agreeing('hospedagens', 'restaurad')).toBe('restaurada');
    expect(agreeing('carousel_slides', 'restaurad')).toBe('restaurado');
  });

  it('counts the days left of the 30 before an item is deleted for good', () => {
    const deleted = '2026-11-01T12:00:00Z';
    const at = (iso: string) => Date.parse(iso);
    expect(daysUntilPurge(deleted, at('2026-11-01T12:00:00Z'))).toBe(30);
    expect(purgeIn(deleted, at('2026-11-02T11:00:00Z'))).toBe('em 30 dias');
    expect(purgeIn(deleted, at('2026-11-02T13:00:00Z'))).toBe('em 29 dias');
    expect(purgeIn(deleted, at('2026-11-30T13:00:00Z'))).toBe('em 1 dia');
    expect(purgeIn(deleted, at('2026-12-01T12:00:00Z'))).toBe('hoje');
    expect(purgeIn(deleted, at('2026-12-05T12:00:00Z'))).toBe('hoje');
  });
});

describe("a review's history and trash", () => {
  it("names it 'a avaliação', leads to 'Avaliações' and to the Lixeira once deleted", () => {
    expect(tableNoun('reviews')).toBe('Avaliação');
    expect(tableNounWithArticle('reviews')).toBe('a avaliação');
    expect(agreeing('reviews', 'restaurad')).toBe('restaurada');
    expect(editPath('reviews', 'r1')).toBe('/admin/avaliacoes');
    expect(actionLabel({ action: 'delete', table_name: 'reviews' })).toBe('Enviado para a lixeira');
    // The database names a review by its stars and place; the noun is said beside it.
    const moderated = entry({
      table_name: 'reviews',
      row_id: 'r1',
      label: 'Avaliação (4★) de Pousada do Rio',
      actor_email: 'mario@teste.local',
    });
    expect(entryLabel(moderated)).toBe('4★ de Pousada do Rio');
    expect(activitySentence(moderated)).toBe(
      'mario@teste.local editou a avaliação “4★ de Pousada do Rio”',
    );
    expect(
      namedTrashItem({ table_name: 'reviews', label: 'Avaliação (1★) de lugar excluído' }),
    ).toBe('Avaliação “1★ de lugar excluído”');
    // Any other name is kept as it is.
    expect(entryLabel({ ...moderated, label: 'Avaliação (sem nota)' })).toBe(
      'Avaliação (sem nota)',
    );
    const deleted = { ...moderated, id: moderated.id + 1, action: 'delete' as const };
    expect(activityLinks([deleted, moderated])).toEqual(['/admin/lixeira', '/admin/lixeira']);
    expect(activityLinks([moderated])).toEqual(['/admin/avaliacoes']);
  });

  it("shows a decision with the moderation screen's words: the state, the reason", () => {
    const changes = changesOf(
      entry({
        table_name: 'reviews',
        row_id: 'r1',
        changed: ['status', 'rejection_reason', 'moderated_at', 'moderated_by', 'updated_at'],
        before: { status: 'pending', rejection_reason: null },
        after: {
          status: 'rejected',
          rejection_reason: 'Conteúdo promocional.',
          moderated_at: '2026-11-22T15:04:00Z',
          moderated_by: 'u1',
        },
      }),
      REVIEW_FIELD_LABELS,
    );
    expect(changes).toEqual([
      expect.objectContaining({ label: 'Situação', before: 'Pendente', after: 'Rejeitada' }),
      expect.objectContaining({
        label: 'Motivo',
        before: '(vazio)',
        after: 'Conteúdo promocional.',
      }),
    ]);
    const reported = changesOf(
      entry({
        table_name: 'reviews',
        changed: ['status', 'reported_at'],
        before: { status: 'approved', reported_at: null },
        after: { status: 'pending', reported_at: '2026-11-22T15:04:00Z' },
      }),
      REVIEW_FIELD_LABELS,
    );
    expect(reported[1]).toEqual(
      expect.objectContaining({
        label: 'Denunciada em',
        before: '(vazio)',
        after: formatDate('2026-11-22T15:04:00Z'),
      }),
    );
  });

  it('offers no earlier version of a review (its words are its author’s)', () => {
    const older = entry({ table_name: 'reviews', after: { comment: 'Antes' } });
    expect(canRestoreVersion(older, new Set())).toBe(false);
    expect(canRestoreVersion({ ...older, table_name: 'categories' }, new Set())).toBe(true);
  });
});
