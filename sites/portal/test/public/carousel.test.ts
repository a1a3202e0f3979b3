// @vitest-environment happy-dom
// The hero's behaviour module over markup shaped like HeroCarousel.astro's (data-* hooks, the
// first photo in the page, the others in templates); the e2e suite drives the real component.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeroCarousel } from '../../src/lib/hero-carousel.ts';

const TITLES = ['Descubra Fortim', 'Hospede-se', 'Sabores'];
// Home: "It auto-advances every 4 seconds". The
// 700 ms fade is in HeroCarousel.astro's markup, checked on the built home page (home.test.ts).
const INTERVAL_MS = 4000;

function hero(titles = TITLES): HTMLElement {
  const slides = titles
    .map((title, i) => {
      const photo = `<img src="/demo/carousel/s${i}-1-hero.jpg" alt="">`;
      return `<div data-slide aria-hidden="${i !== 0}" ${i !== 0 ? 'inert' : ''}>
        ${i === 0 ? photo : `<template data-slide-photo>${photo}</template>`}
        <h2>${title}</h2><a href="/passeios">Saiba Mais</a></div>`;
    })
    .join('');
  const dots = titles
    .map(
      (title, i) => `<button data-slide-dot aria-label="Ir para o slide ${i + 1}: ${title}"
      aria-current="${i === 0}"></button>`,
    )
    .join('');
  const controls =
    titles.length > 1
      ? `<div>${dots}<button data-carousel-toggle aria-label="Pausar carrossel">
          <span data-toggle-icon="pause"></span><span data-toggle-icon="play" hidden></span>
        </button></div>`
      : '';
  document.body.innerHTML = `<a href="#">antes</a><section data-hero-carousel data-interval="${INTERVAL_MS}">${slides}${controls}</section>`;
  const root = document.querySelector<HTMLElement>('[data-hero-carousel]');
  if (!root) throw new Error('sem carrossel');
  startHeroCarousel(root);
  return root;
}

let reducedMotion = false;
beforeEach(() => {
  reducedMotion = false;
  vi.useFakeTimers();
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && reducedMotion,
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const wait = (ms: number) => vi.advanceTimersByTime(ms);
const shown = (root: HTMLElement) => {
  const visible = [...root.querySelectorAll<HTMLElement>('[data-slide]')].filter(
    (slide) => slide.getAttribute('aria-hidden') === 'false' && !slide.inert,
  );
  expect(visible).toHaveLength(1);
  return visible[0]?.querySelector('h2')?.textContent;
};
const current = (root: HTMLElement) =>
  [...root.querySelectorAll('[data-slide-dot]')]
    .filter((dot) => dot.getAttribute('aria-current') === 'true')
    .map((dot) => dot.getAttribute('aria-label'));
const dot = (root: HTMLElement, n: number) =>
  root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')[n - 1] as HTMLButtonElement;
const toggle = (root: HTMLElement) =>
  root.querySelector('[data-carousel-toggle]') as HTMLButtonElement;
const photos = (root: HTMLElement) =>
  [...root.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('startHeroCarousel', () => {
  it('advances every 4 s, wraps around, and marks the current slide and dot', () => {
    const root = hero();
    wait(INTERVAL_MS - 1);
    expect(shown(root)).toBe('Descubra Fortim');
    wait(1);
    expect(shown(root)).toBe('Hospede-se');
    expect(current(root)).toEqual(['Ir para o slide 2: Hospede-se']);
    wait(INTERVAL_MS);
    expect(shown(root)).toBe('Sabores');
    wait(INTERVAL_MS);
    expect(shown(root)).toBe('Descubra Fortim');
    expect(current(root)).toEqual(['Ir para o slide 1: Descubra Fortim']);
  });

  it('waits while the pointer is over it, and restarts the full 4 s when it leaves', () => {
    const root = hero();
    wait(INTERVAL_MS - 100);
    root.dispatchEvent(new PointerEvent('pointerenter'));
    wait(INTERVAL_MS * 3);
    expect(shown(root)).toBe('Descubra Fortim');
    root.dispatchEvent(new PointerEvent('pointerleave'));
    wait(INTERVAL_MS - 1);
    expect(shown(root)).toBe('Descubra Fortim');
    wait(1);
    expect(shown(root)).toBe('Hospede-se');
  });

  it('waits while keyboard focus is inside it, and goes on once focus leaves', () => {
    const root = hero();
    root.querySelector('a')?.focus();
    wait(INTERVAL_MS * 2);
    expect(shown(root)).toBe('Descubra Fortim');
    dot(root, 2).focus();
    wait(INTERVAL_MS * 2);
    expect(shown(root)).toBe('Descubra Fortim');
    document.querySelector<HTMLAnchorElement>('a[href="#"]')?.focus();
    wait(INTERVAL_MS);
    expect(shown(root)).toBe('Hospede-se');
  });

  it('jumps by dot and stops and resumes with the pause button', () => {
    const root = hero();
    dot(root, 3).click();
    expect(shown(root)).toBe('Sabores');
    expect(current(root)).toEqual(['Ir para o slide 3: Sabores']);
    toggle(root).click();
    expect(toggle(root).getAttribute('aria-label')).toBe('Retomar carrossel');
    const hidden = () =>
      [...root.querySelectorAll<HTMLElement>('[data-toggle-icon]')].map((icon) => icon.hidden);
    expect(hidden()).toEqual([true, false]);
    wait(INTERVAL_MS * 2);
    expect(shown(root)).toBe('Sabores');
    toggle(root).click();
    expect(toggle(root).getAttribute('aria-label')).toBe('Pausar carrossel');
    expect(hidden()).toEqual([false, true]);
    wait(INTERVAL_MS);
    expect(shown(root)).toBe('Descubra Fortim');
  });

  it('starts stopped when the visitor asks for reduced motion', () => {
    reducedMotion = true;
    const root = hero();
    expect(toggle(root).getAttribute('aria-label')).toBe('Retomar carrossel');
    wait(INTERVAL_MS * 3);
    expect(shown(root)).toBe('Descubra Fortim');
    dot(root, 2).click();
    expect(shown(root)).toBe('Hospede-se');
    toggle(root).click();
    wait(INTERVAL_MS);
    expect(shown(root)).toBe('Sabores');
  });

  it('fetches each next photo halfway to its turn, and at once for a slide picked by its dot', () => {
    const root = hero();
    expect(photos(root)).toEqual(['/demo/carousel/s0-1-hero.jpg']);
    wait(INTERVAL_MS / 2 - 1);
    expect(photos(root)).toHaveLength(1);
    wait(1);
    expect(photos(root)).toEqual(['/demo/carousel/s0-1-hero.jpg', '/demo/carousel/s1-1-hero.jpg']);
    wait(INTERVAL_MS / 2);
    expect(shown(root)).toBe('Hospede-se');
    expect(root.querySelectorAll('template')).toHaveLength(1);
    expect(photos(root)).toHaveLength(2);
    // The photo sits where its template was, under the slide's text.
    const second = root.querySelectorAll('[data-slide]')[1];
    expect(second?.firstElementChild?.tagName).toBe('IMG');

    const fresh = hero();
    dot(fresh, 3).click();
    expect(photos(fresh)).toEqual(['/demo/carousel/s0-1-hero.jpg', '/demo/carousel/s2-1-hero.jpg']);
  });

  it('leaves a single slide alone: no timer, nothing changes', () => {
    const root = hero(['Só um']);
    wait(INTERVAL_MS * 3);
    expect(shown(root)).toBe('Só um');
    expect(vi.getTimerCount()).toBe(0);
  });
});
