// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../src/i18n.ts';
import { ImageUpload } from '../src/images/ImageUpload.tsx';

afterEach(cleanup);

function Harness({ initial = [], max }: { initial?: string[]; max: number }) {
  const [urls, setUrls] = useState<string[]>(initial);
  return (
    <AdminContext i18nProvider={i18nProvider}>
      <ImageUpload label="Fotos" folder="hospedagens" value={urls} onChange={setUrls} max={max} />
      <output data-testid="urls">{urls.join('|')}</output>
      <Notification />
    </AdminContext>
  );
}

const user = () => userEvent.setup({ applyAccept: false });

describe('image upload checks before sending', () => {
  it('refuses a file that is not an image, with its title and message', async () => {
    render(<Harness max={1} />);
    await user().upload(
      screen.getByLabelText('Fotos'),
      new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Formato inválido')).toBeTruthy();
    expect(screen.getByText('contrato.pdf não é uma imagem válida.')).toBeTruthy();
    expect(screen.getByTestId('urls').textContent).toBe('');
  });

  it('refuses an image over 5 MB', async () => {
    render(<Harness max={1} />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'praia.jpg', {
      type: 'image/jpeg',
    });
    await user().upload(screen.getByLabelText('Fotos'), big);
    expect(await screen.findByText('Arquivo muito grande')).toBeTruthy();
    expect(screen.getByText('praia.jpg deve ter no máximo 5MB.')).toBeTruthy();
  });

  it('refuses more photos than the field takes', async () => {
    render(<Harness max={3} initial={['/a-hero.jpg', '/b-hero.jpg']} />);
    const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
    await user().upload(screen.getByLabelText('Fotos'), [photo('1.jpg'), photo('2.jpg')]);
    expect(await screen.findByText('Limite excedido')).toBeTruthy();
    expect(screen.getByText('Você pode adicionar no máximo 3 imagens.')).toBeTruthy();
    expect(screen.getByTestId('urls').textContent).toBe('/a-hero.jpg|/b-hero.jpg');
  });

  it('shows a preview of each photo and removes one', async () => {
    render(<Harness max={3} initial={['/a-hero.jpg', '/b-hero.jpg']} />);
    expect(screen.getByAltText('Fotos 1').getAttribute('src')).toBe('/a-hero.jpg');
    await user().click(screen.getByRole('button', { name: 'Remover imagem 1' }));
    expect(screen.getByTestId('urls').textContent).toBe('/b-hero.jpg');
  });
});
