// @vitest-environment happy-dom
// The panel's notifications are react-admin's own <Notification>: each shows its title and
// description on an alert coloured by its type, with a close button. Shown here by a real screen
// (the lodging form refusing an empty save) with the real providers; nothing is stubbed.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { dataProvider } from '../src/dataProvider.ts';
import { i18nProvider } from '../src/i18n.ts';
import { ListingCreate } from '../src/listings/ListingForm.tsx';

afterEach(cleanup);

describe('notifications', () => {
  it("'Campos incompletos' shows in react-admin's notification: an error alert with its title, description and 'Fechar'", async () => {
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ListingCreate kind="hospedagens" />
        <Notification />
      </AdminContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const alert = await screen.findByRole('alert');
    // Inside react-admin's snackbar, styled as an error (not bare text over the page).
    expect(alert.closest('.MuiSnackbar-root')).toBeTruthy();
    expect(alert.className).toContain('MuiAlert-filled');
    expect(alert.className).toContain('MuiAlert-colorError');
    const title = within(alert).getByText('Campos incompletos');
    expect(title.className).toContain('MuiAlertTitle-root');
    expect(
      within(alert).getByText('Por favor, preencha todos os campos obrigatórios.'),
    ).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
