// @vitest-environment happy-dom
import type { ListingResource } from '@guia-fortim/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../src/dataProvider.ts';
import { i18nProvider } from '../src/i18n.ts';
import { ListingCreate } from '../src/listings/ListingForm.tsx';

afterEach(cleanup);

// The real providers; the configured servers are unreachable (port 9), so category lists fall
// back to the built-in lists and nothing typed can be saved by accident.
function renderForm(kind: ListingResource) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <ListingCreate kind={kind} />
      <Notification />
    </AdminContext>,
  );
}

describe('listing form', () => {
  it('lodging: empty save shows the required-fields toast, marks the required fields and keeps the input', async () => {
    const user = userEvent.setup();
    renderForm('hospedagens');
    await user.type(screen.getByLabelText('Nome *'), 'Pousada do Rio');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Campos incompletos')).toBeTruthy();
    expect(screen.getByText('Por favor, preencha todos os campos obrigatórios.')).toBeTruthy();
    expect((screen.getByLabelText('Nome *') as HTMLInputElement).value).toBe('Pousada do Rio');
    expect(screen.getAllByText('Campo obrigatório').length).toBe(6);
  });

  it("titles a new item in its noun's gender: Nova hospedagem, Novo comércio, Novo passeio", () => {
    const titles: Record<ListingResource, string> = {
      hospedagens: 'Nova hospedagem',
      comercios: 'Novo comércio',
      passeios: 'Novo passeio',
    };
    for (const kind of ['hospedagens', 'comercios', 'passeios'] as const) {
      renderForm(kind);
      expect(screen.getByRole('heading', { level: 1 }).textContent, kind).toBe(titles[kind]);
      cleanup();
    }
  });

  it('shows each kind its own fields', () => {
    renderForm('passeios');
    expect(screen.getByLabelText('Ponto de encontro *')).toBeTruthy();
    expect(screen.getByLabelText('Duração *')).toBeTruthy();
    expect(screen.queryByLabelText('Endereço *')).toBeNull();
    expect(screen.getByText('Itens incluídos *')).toBeTruthy();
    cleanup();
    renderForm('comercios');
    expect(screen.getByLabelText('Horário de funcionamento *')).toBeTruthy();
    expect(screen.queryByLabelText('Preço (R$) *')).toBeNull();
  });

  it('marks the required fields with an asterisk, and the included items', () => {
    const starred = () =>
      screen
        .getAllByText(/\*$/, { ignore: 'legend *, script, style' })
        .map((label) => label.textContent);
    const expected: Record<ListingResource, string[]> = {
      hospedagens: [
        'Nome *',
        'Descrição *',
        'Endereço *',
        'Preço (R$) *',
        'Telefone (WhatsApp) *',
        'Categorias *',
        'Imagem principal *',
      ],
      comercios: [
        'Nome *',
        'Descrição *',
        'Endereço *',
        'Horário de funcionamento *',
        'Telefone (WhatsApp) *',
        'Categoria *',
        'Imagem principal *',
      ],
      passeios: [
        'Nome *',
        'Descrição *',
        'Ponto de encontro *',
        'Duração *',
        'Preço (R$) *',
        'Telefone (WhatsApp) *',
        'Categoria *',
        'Itens incluídos *',
        'Imagem principal *',
      ],
    };
    for (const kind of ['hospedagens', 'comercios', 'passeios'] as const) {
      renderForm(kind);
      expect(starred(), kind).toEqual(expected[kind]);
      cleanup();
    }
  });

  it('rating defaults to 4.5 with step 0.1; price has step 0.01 and minimum 0', () => {
    renderForm('hospedagens');
    const rating = screen.getByLabelText('Avaliação (0 a 5)') as HTMLInputElement;
    expect(rating.value).toBe('4.5');
    expect(rating.getAttribute('step')).toBe('0.1');
    const price = screen.getByLabelText('Preço (R$) *') as HTMLInputElement;
    expect([price.getAttribute('min'), price.getAttribute('step')]).toEqual(['0', '0.01']);
  });

  it('an included item cannot be added twice', async () => {
    const user = userEvent.setup();
    renderForm('passeios');
    const input = screen.getByLabelText('Adicionar itens incluídos');
    await user.type(input, 'Almoço{Enter}');
    await user.type(input, ' almoço {Enter}');
    await user.type(input, 'Colete{Enter}');
    const chips = screen
      .getAllByRole('button')
      .filter((el) => el.classList.contains('MuiChip-root'));
    expect(chips.map((chip) => within(chip).getByText(/./).textContent)).toEqual([
      'Almoço',
      'Colete',
    ]);
  });
});
