// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/ConfigError.tsx';
import { parsePanelConfig } from '../src/config.ts';

afterEach(cleanup);

describe('the screen shown when the panel cannot start', () => {
  it('shows the configuration problem in Portuguese', () => {
    const error = (() => {
      try {
        return parsePanelConfig({ supabaseUrl: 'https://x.supabase.co', apiUrl: '' });
      } catch (e) {
        return e;
      }
    })();
    render(<ConfigError error={error} />);
    expect(screen.getByRole('heading', { name: 'Não foi possível abrir o painel' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'A configuração do painel (/admin/config.json) é inválida: publishableKey não foi definida.',
    );
    expect(screen.getByRole('link', { name: 'Tentar novamente' }).getAttribute('href')).toBe(
      '/admin/',
    );
  });

  it('never shows a stack trace or a foreign message', () => {
    const error = new TypeError('Failed to fetch dynamically imported module: /admin/assets/x.js');
    render(<ConfigError error={error} />);
    const text = document.body.textContent ?? '';
    expect(text).toContain('O painel não pôde ser carregado. Recarregue a página em instantes.');
    expect(text).not.toContain('Failed to fetch');
  });
});
