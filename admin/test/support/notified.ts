// The react-admin notification that says `text`, once it is on screen. A notification being
// closed stays in the page for its exit transition, beside the next one: every alert is read on
// each try, never the first one found. `hidden`: a dialog open hides the rest of the page from
// the roles.
import { screen, waitFor, within } from '@testing-library/react';

export function notified(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const alert = screen
      .queryAllByRole('alert', { hidden: true })
      .find((candidate) => within(candidate).queryByText(text) !== null);
    if (!alert) throw new Error(`Nenhuma notificação diz '${text}'.`);
    return alert;
  });
}
