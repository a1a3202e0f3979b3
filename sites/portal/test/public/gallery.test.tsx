// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery, photoCount, wrapIndex } from '../../src/components/Gallery.tsx';
import ListingDialog from '../../src/islands/list/ListingDialog.tsx';
import { hospedagem } from './fixtures.ts';

afterEach(cleanup);

// Photo gallery: a swipe threshold of 75 px.
const SWIPE_THRESHOLD_PX = 75;

const photos = (n: number) => Array.from({ length: n }, (_, i) => `/demo/x/casa-${i + 1}-hero.jpg`);

describe('gallery rules', () => {
  it("counts photos with 'foto' or 'fotos' and loops at both ends", () => {
    expect(photoCount(1)).toBe('1 foto');
    expect(photoCount(3)).toBe('3 fotos');
    expect(wrapIndex(3, 1, 4)).toBe(0);
    expect(wrapIndex(0, -1, 4)).toBe(3);
  });
});

describe('Gallery', () => {
  it('shows one large and up to 3 small photos, with +N fotos beyond 4', () => {
    render(<Gallery images={photos(6)} name="Casa" />);
    const more = screen.getByRole('button', { name: 'Ver mais 2 fotos' });
    expect(more.textContent).toContain('+2 fotos');
    expect(screen.getAllByRole('button', { name: /^Ampliar foto \d de 6$/ })).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Ampliar foto 5 de 6' })).toBeNull();
  });

  it('serves the variants with their sizes and the card variant first on phones', () => {
    render(<Gallery images={photos(2)} name="Casa" />);
    const [phone] = screen.getAllByRole('img', { name: 'Casa, foto 1 de 2' });
    expect(phone?.getAttribute('src')).toBe('/demo/x/casa-1-card.jpg');
    expect(phone?.getAttribute('srcset')).toBe(
      '/demo/x/casa-1-hero.jpg 1600w, /demo/x/casa-1-card.jpg 800w, /demo/x/casa-1-thumb.jpg 400w',
    );
    expect(phone?.getAttribute('width')).toBe('800');
    expect(phone?.getAttribute('height')).toBe('600');
    expect(phone?.getAttribute('loading')).toBe('lazy');
  });

  it(`swipes only past ${SWIPE_THRESHOLD_PX} px and loops on the phone carousel`, () => {
    const { container } = render(<Gallery images={photos(3)} name="Casa" />);
    const carousel = container.querySelector('.gallery > div') as HTMLElement;
    const counter = () => within(carousel).getByText(/fotos$/).textContent;
    expect(counter()).toBe('1 / 3 fotos');
    fireEvent.pointerDown(carousel, { clientX: 300 });
    fireEvent.pointerUp(carousel, { clientX: 300 - SWIPE_THRESHOLD_PX + 1 });
    expect(counter()).toBe('1 / 3 fotos');
    fireEvent.pointerDown(carousel, { clientX: 300 });
    fireEvent.pointerUp(carousel, { clientX: 300 - SWIPE_THRESHOLD_PX });
    expect(counter()).toBe('2 / 3 fotos');
    fireEvent.pointerDown(carousel, { clientX: 100 });
    fireEvent.pointerUp(carousel, { clientX: 300 });
    fireEvent.pointerDown(carousel, { clientX: 100 });
    fireEvent.pointerUp(carousel, { clientX: 300 });
    expect(counter()).toBe('3 / 3 fotos');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Próxima foto' }));
    expect(counter()).toBe('1 / 3 fotos');
  });

  it('opens the full-screen viewer with its counter, progress bar, keyboard and 75 px swipe', () => {
    render(<Gallery images={photos(4)} name="Casa" />);
    fireEvent.click(
      screen.getAllByRole('button', { name: 'Ampliar foto 2 de 4' })[0] as HTMLElement,
    );
    const viewer = screen.getByRole('dialog');
    expect(within(viewer).getByText('2 / 4', { exact: false })).toBeTruthy();
    const progress = viewer.querySelector('.gallery-progress') as HTMLElement;
    expect(progress.style.width).toBe('50%');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('4 / 4', { exact: false })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(within(viewer).getByText('1 / 4', { exact: false })).toBeTruthy();
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(progress.style.width).toBe('100%');
    const photo = within(viewer).getByRole('img', { name: 'Casa, foto 4 de 4' });
    const area = photo.closest('.touch-pan-y') as HTMLElement;
    fireEvent.pointerDown(area, { clientX: 400 });
    fireEvent.pointerUp(area, { clientX: 400 - SWIPE_THRESHOLD_PX + 1 });
    expect(within(viewer).getByText('4 / 4', { exact: false })).toBeTruthy();
    fireEvent.pointerDown(area, { clientX: 400 });
    fireEvent.pointerUp(area, { clientX: 400 - SWIPE_THRESHOLD_PX });
    expect(within(viewer).getByText('1 / 4', { exact: false })).toBeTruthy();
    fireEvent.pointerDown(area, { clientX: 100 });
    fireEvent.pointerUp(area, { clientX: 100 + SWIPE_THRESHOLD_PX });
    expect(within(viewer).getByText('4 / 4', { exact: false })).toBeTruthy();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Fechar galeria' }));
    expect(screen.queryByRole('button', { name: 'Fechar galeria' })).toBeNull();
  });

  it("Escape in the viewer opened from a listing's dialog closes the viewer only", () => {
    const onClose = vi.fn();
    render(<ListingDialog item={hospedagem('casa', { name: 'Casa' })} onClose={onClose} />);
    const listing = screen.getByRole('dialog', { name: 'Casa' });
    fireEvent.click(
      within(listing).getAllByRole('button', { name: /^Ampliar foto 1 de/ })[0] as HTMLElement,
    );
    const viewer = screen.getByRole('button', { name: 'Fechar galeria' }).closest('dialog');
    // Escape makes the browser fire 'cancel' at the topmost modal dialog: the viewer.
    fireEvent(viewer as HTMLDialogElement, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('button', { name: 'Fechar galeria' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    // Escape again, now at the listing's dialog, closes it.
    fireEvent(listing, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
