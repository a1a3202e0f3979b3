// The home page: hero carousel, the three featured sections, the map section and the call to
// action, checked against the data the site was built from.
import { CAROUSEL_INTERVAL_MS, HOME_FEATURED_COUNT } from '@guia-fortim/db';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, hydrated, rows } from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

type Slide = { title: string; subtitle: string; link: string };

function activeSlides() {
  return rows<Slide>('carousel_slides', {
    select: 'title,subtitle,link',
    is_active: 'eq.true',
    order: 'order_position.asc',
  });
}

function featured(table: string, limit: number) {
  return rows<{ name: string; slug: string }>(table, {
    select: 'name,slug',
    is_featured: 'eq.true',
    order: 'featured_order.asc',
    limit: String(limit),
  });
}

/** Page timers that fire only when the test runs the clock (installed time would flow). */
async function pausedClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
}

test('the home page hydrates no island at load: the hero needs no React', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto('/', { waitUntil: 'networkidle' });
  const islands = await page
    .locator('astro-island')
    .evaluateAll((all) =>
      all.flatMap((island) => [
        island.getAttribute('component-url') ?? '',
        island.getAttribute('renderer-url') ?? '',
      ]),
    );
  // The map further down is one; it and React wait until they are needed.
  expect(islands.length).toBeGreaterThan(0);
  expect(requested.filter((path) => islands.includes(path))).toEqual([]);
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  await expect(hero.locator('xpath=ancestor::astro-island')).toHaveCount(0);
});

test('the hero shows the active slides in order, fades every 4 s, pauses on hover and keyboard focus, and jumps by dot', async ({
  page,
}) => {
  const slides = await activeSlides();
  expect(slides.length).toBeGreaterThan(1);
  await pausedClock(page);
  // Resolves on the load event, after the hero's module script has run.
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('aria-label', `1 de ${slides.length}`);
  // The first slide and its photo are in the HTML; the other photos wait for their turn.
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await expect(current.getByText(slides[0]?.subtitle ?? '')).toBeVisible();
  await expect(current.getByRole('link', { name: /Saiba Mais/ })).toHaveAttribute(
    'href',
    slides[0]?.link ?? '',
  );
  const photo = hero.locator('img');
  await expect(photo).toHaveCount(1);
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  await expect(photo).toHaveAttribute('loading', 'eager');
  await expect(photo).toHaveAttribute('width', /^\d+$/);
  await expect(photo).toHaveAttribute('height', /^\d+$/);

  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  // The second photo came halfway to its turn; the third waits for halfway to its own.
  await expect(hero.locator('img')).toHaveCount(2);
  await expect(hero.locator('[aria-roledescription="slide"]').nth(1)).toHaveCSS(
    'transition-duration',
    '0.7s',
  );
  await expect(hero.locator('[aria-roledescription="slide"]').first()).toHaveCSS('opacity', '0');

  await hero.hover();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await page.mouse.move(0, 0);

  const dots = hero.getByRole('button', { name: /^Ir para o slide/ });
  await expect(dots).toHaveCount(slides.length);
  await dots.nth(0).click();
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'false');

  // The pause button stops the rotation for those who cannot hover.
  await hero.getByRole('button', { name: 'Pausar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await hero.getByRole('button', { name: 'Retomar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');

  // Keyboard focus inside (the last dot, then the pause button) holds the slide; leaving resumes.
  await page.keyboard.press('Shift+Tab');
  await expect(dots.last()).toBeFocused();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await page.keyboard.press('Tab');
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await page.keyboard.press('Tab');
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50);
  await expect(current.getByRole('heading')).toHaveText(slides[2 % slides.length]?.title ?? '');
  // axe-core runs on timers of its own.
  await page.clock.resume();
  await expectAccessible(page);
});

test('with reduced motion the hero starts paused and does not fade', async ({ page }) => {
  const slides = await activeSlides();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pausedClock(page);
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  await expect(hero.getByRole('button', { name: 'Retomar carrossel' })).toBeVisible();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 3);
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await expect(current).toHaveCSS('transition-property', 'none');
  await hero.getByRole('button', { name: /^Ir para o slide 2:/ }).click();
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
});

test('the featured sections show 3 lodgings, 4 businesses and 3 tours in featured order', async ({
  page,
}) => {
  const sections = [
    {
      heading: 'Onde ficar',
      table: 'hospedagens',
      count: HOME_FEATURED_COUNT.hospedagem,
      link: ['Ver todas as opções', '/hospedagem'],
      path: '/hospedagem',
    },
    {
      heading: 'Comércio local',
      table: 'comercios',
      count: HOME_FEATURED_COUNT.comercio,
      link: ['Explorar todos', '/comercio'],
      path: '/comercio',
    },
    {
      heading: 'Passeios e experiências',
      table: 'passeios',
      count: HOME_FEATURED_COUNT.passeio,
      link: ['Ver todos os passeios', '/passeios'],
      path: '/passeios',
    },
  ] as const;
  await page.goto('/');
  for (const section of sections) {
    const expected = await featured(section.table, section.count);
    expect(expected.length).toBe(section.count);
    const region = page.getByRole('region', { name: section.heading });
    await expect(region.locator('article h3')).toHaveText(expected.map((item) => item.name));
    await expect(region.getByRole('link', { name: section.link[0] })).toHaveAttribute(
      'href',
      section.link[1],
    );
    await expect(region.locator('article h3 a').first()).toHaveAttribute(
      'href',
      `${section.path}/${expected[0]?.slug}`,
    );
  }
  // A featured card leads to the listing's own page.
  const first = (await featured('passeios', 1))[0];
  await page
    .getByRole('region', { name: 'Passeios e experiências' })
    .getByRole('link', { name: first?.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/passeios/${first?.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first?.name ?? '');
});

test('the map section is 500 px high with Ver Mapa Completo, then the call to action', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Explore no mapa' });
  await expect(section.getByRole('link', { name: /Ver Mapa Completo/ })).toHaveAttribute(
    'href',
    '/mapa',
  );
  await section.scrollIntoViewIfNeeded();
  await hydrated(page, 'MapView');
  const box = await section.locator('[data-map-box]').boundingBox();
  expect(box?.height).toBe(500);
  // Without a key the embedded map asks for one.
  await expect(section.getByRole('button', { name: 'Salvar chave' })).toBeVisible();
  const cta = page.getByRole('region', { name: 'Pronto para conhecer Fortim?' });
  await expect(cta.getByRole('link', { name: 'Encontrar Hospedagem' })).toHaveAttribute(
    'href',
    '/hospedagem',
  );
  await expect(cta.getByRole('link', { name: 'Reservar Passeios' })).toHaveAttribute(
    'href',
    '/passeios',
  );
  await expectAccessible(page);
});
