// @vitest-environment happy-dom
// The site's one toaster: a page may render it from two islands (an account page and the header's
// account menu); its toasts, and the one carried over from the previous page, show once.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../src/components/Toaster.tsx';
import { FLASH_KEY, saveFlash } from '../../src/lib/auth/flash.ts';
import { currentToasts, dismiss, toast } from '../../src/lib/toast.ts';

afterEach(() => {
  cleanup();
  for (const shown of currentToasts()) dismiss(shown.id);
  sessionStorage.clear();
});

describe('Toaster', () => {
  it('shows a toast once when two islands render it', () => {
    render(<Toaster />);
    render(<Toaster />);
    act(() => toast({ title: 'Perfil atualizado' }));
    expect(screen.getAllByText('Perfil atualizado')).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: 'Notificações' })).toHaveLength(1);
  });

  it('goes on showing them in the other island when the first unmounts', () => {
    const first = render(<Toaster />);
    render(<Toaster />);
    first.unmount();
    act(() => toast({ title: 'Erro ao sair. Tente novamente.', variant: 'destructive' }));
    expect(screen.getByRole('alert').textContent).toContain('Erro ao sair. Tente novamente.');
  });

  it("shows the previous page's toast once, and takes it out of storage", () => {
    saveFlash({ title: 'Login realizado' });
    render(<Toaster />);
    render(<Toaster />);
    expect(screen.getAllByText('Login realizado')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Login realizado');
    expect(sessionStorage.getItem(FLASH_KEY)).toBeNull();
  });

  it("'Fechar notificação' closes only that toast", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primeiro' });
      toast({ title: 'Segundo' });
    });
    const close = screen.getAllByRole('button', { name: 'Fechar notificação' })[0];
    if (!close) throw new Error('no close button');
    await userEvent.click(close);
    expect(screen.queryByText('Primeiro')).toBeNull();
    expect(screen.getByText('Segundo')).toBeTruthy();
  });
});
