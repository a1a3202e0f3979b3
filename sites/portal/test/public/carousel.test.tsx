// @vitest-environment happy-dom
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS, DEFAULT_IMAGE_STYLES } from '@guia-fortim/db';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HeroCarousel, { type HeroSlide } from '../../src/islands/HeroCarousel.tsx';

const slides: HeroSlide[] = ['Descubra Fortim', 'Hospede-se', 'Sabores'].map((title, i) => ({
  id: `s${i}`,
  title,
  subtitle: `Subtítulo ${i}`,
  image_url: `/demo/carousel/s${i}-1-hero.jpg`,
  link: i === 0 ? '/passeios' : 'https://example.com/x',
  image_styles: { ...DEFAULT_IMAGE_STYLES },
}));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const shown = () =>
  document.querySelector('[aria-roledescription="slide"][aria-hidden="false"] h2')?.textContent;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('HeroCarousel', () => {
  it('shows the first slide with its photo first and its Saiba Mais link', () => {
    const { container } = render(<HeroCarousel slides={slides} />);
    expect(shown()).toBe('Descubra Fortim');
    const link = screen.getAllByRole('link', { name: /Saiba Mais/ })[0];
    expect(link?.getAttribute('href')).toBe('/passeios');
    const img = container.querySelector('img');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('loading')).toBe('eager');
    const slide = container.querySelector('[aria-roledescription="slide"]') as HTMLElement;
    expect(slide.style.transitionDuration).toBe(`${CAROUSEL_FADE_MS}ms`);
  });

  it('advances every 4 s, wraps around, and pauses while the pointer is over it', async () => {
    render(<HeroCarousel slides={slides} />);
    await wait(CAROUSEL_INTERVAL_MS - 1);
    expect(shown()).toBe('Descubra Fortim');
    await wait(1);
    expect(shown()).toBe('Hospede-se');
    const hero = screen.getByRole('region', { name: 'Destaques de Fortim' });
    fireEvent.mouseEnter(hero);
    await wait(CAROUSEL_INTERVAL_MS * 3);
    expect(shown()).toBe('Hospede-se');
    fireEvent.mouseLeave(hero);
    await wait(CAROUSEL_INTERVAL_MS);
    expect(shown()).toBe('Sabores');
    await wait(CAROUSEL_INTERVAL_MS);
    expect(shown()).toBe('Descubra Fortim');
  });

  it('jumps by dot and stops with the pause button', async () => {
    render(<HeroCarousel slides={slides} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ir para o slide 3: Sabores' }));
    expect(shown()).toBe('Sabores');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar carrossel' }));
    await wait(CAROUSEL_INTERVAL_MS * 2);
    expect(shown()).toBe('Sabores');
    fireEvent.click(screen.getByRole('button', { name: 'Retomar carrossel' }));
    await wait(CAROUSEL_INTERVAL_MS);
    expect(shown()).toBe('Descubra Fortim');
  });

  it('fetches each next photo halfway to its turn, not with the page', async () => {
    const { container } = render(<HeroCarousel slides={slides} />);
    const sources = () =>
      [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources()).toEqual(['/demo/carousel/s0-1-hero.jpg']);
    await wait(CAROUSEL_INTERVAL_MS / 2);
    expect(sources()).toEqual(['/demo/carousel/s0-1-hero.jpg', '/demo/carousel/s1-1-hero.jpg']);
    await wait(CAROUSEL_INTERVAL_MS / 2);
    expect(shown()).toBe('Hospede-se');
    expect(sources()).toHaveLength(2);
    await wait(CAROUSEL_INTERVAL_MS / 2);
    expect(sources()).toHaveLength(3);
    // A slide reached by its dot shows its photo at once.
    fireEvent.click(screen.getByRole('button', { name: 'Ir para o slide 1: Descubra Fortim' }));
    expect(sources()).toHaveLength(3);
  });
});
