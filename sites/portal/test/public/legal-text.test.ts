// The legal pages' text format (LEGAL_TEXT_FORMAT): paragraphs, '## ' headings, '- ' lists, {email}.
import { DEFAULT_PRIVACY_TEXT, LEGAL_TEXT_FORMAT } from '@guia-fortim/domain';
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
});
