// The legal pages' text format (LEGAL_TEXT_FORMAT): paragraphs, '## ' headings, '- ' lists, {email}.
import { DEFAULT_COOKIES_TEXT, DEFAULT_PRIVACY_TEXT, LEGAL_TEXT_FORMAT } from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import { legalBlocks } from '../../src/lib/legal-text.ts';

describe('legalBlocks', () => {
  it('reads paragraphs, headings and lists, and puts the contact e-mail in', () => {
    const text = 'Primeira linha\ncontinua.\n\n## Título\n- um\n- dois\nDepois da lista {email}.';
    expect(legalBlocks(text, 'a@b.br')).toEqual([
      { kind: 'paragraph', text: 'Primeira linha continua.' },
      { kind: 'heading', text: 'Título' },
      { kind: 'list', items: ['um', 'dois'] },
      { kind: 'paragraph', text: 'Depois da lista a@b.br.' },
    ]);
  });

  it('keeps markup as text for the page to escape, and starts a new list after a blank line', () => {
    expect(legalBlocks('- <b>x</b>\n\n- y\r\n##sem espaço', '')).toEqual([
      { kind: 'list', items: ['<b>x</b>'] },
      { kind: 'list', items: ['y'] },
      { kind: 'paragraph', text: '##sem espaço' },
    ]);
  });

  it('the default privacy text uses the format it is edited in', () => {
    const kinds = legalBlocks(DEFAULT_PRIVACY_TEXT, 'x').map((block) => block.kind);
    expect(kinds).toContain('heading');
    expect(kinds).toContain('list');
    expect(LEGAL_TEXT_FORMAT).toContain("'## '");
  });

  it('the default privacy text says what the listing counts keep, and what they never keep', () => {
    // The listing statistics: views, WhatsApp contacts and map opens per listing and day, only as totals; no
    // cookie, no personal data, no IP address; the address only for a moment, against abuse; no
    // bots.
    const blocks = legalBlocks(DEFAULT_PRIVACY_TEXT, 'x');
    const at = blocks.findIndex(
      (block) => block.kind === 'heading' && block.text === 'O que contamos das visitas',
    );
    expect(at).toBeGreaterThan(0);
    const section = JSON.stringify(blocks.slice(at + 1, at + 4));
    for (const words of [
      'por anúncio e por dia',
      'visualizações',
      "'Fale agora'",
      'aberturas no mapa',
      'apenas esses totais',
      'não usa cookies',
      'nenhum dado pessoal nem o seu endereço IP',
      'só é usado no momento da contagem, para barrar abusos',
      'nunca gravado',
      'robôs',
    ]) {
      expect(section).toContain(words);
    }
  });

  it('the default privacy text says what reviews and favourites keep, what is public and what a deletion erases', () => {
    const text = JSON.stringify(legalBlocks(DEFAULT_PRIVACY_TEXT, 'x'));
    for (const words of [
      // What an account keeps.
      'Avaliações que você escreve: o lugar avaliado, a nota (de 1 a 5 estrelas), o comentário',
      'pendente, aprovada ou rejeitada, com o motivo da rejeição',
      'Favoritos: os lugares que você salvou',
      // Approved reviews are public, with the author's name and never the e-mail.
      'Aprovada, ela é pública',
      'o nome do autor',
      'O seu e-mail nunca aparece.',
      'volta para a moderação',
      // Favourites without an account stay on the device.
      'os favoritos ficam só no seu navegador',
      // Deleting the account.
      'os seus favoritos e as suas avaliações',
      'o seu e-mail é retirado do histórico de alterações',
    ]) {
      expect(text).toContain(words);
    }
  });

  it('the default cookies text says favourites saved without an account stay in the browser', () => {
    expect(DEFAULT_COOKIES_TEXT).toContain(
      'os lugares que você salvar nos favoritos, guardados no armazenamento local do navegador',
    );
  });
});
