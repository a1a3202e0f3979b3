// The home page: hero carousel, the three featured sections, the map section and the call to
// action, checked against the data the site was built from.
import { CAROUSEL_INTERVAL_MS, HOME_FEATURED_COUNT } from '@guia-fortim/db';
import { expect, test } from '@playwright/test';
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

test('the hero shows the active slides in order, fades every 4 s, pauses on hover, and jumps by dot', async ({
  page,
}) => {
  const slides = await activeSlides();
  expect(slides.length).toBeGreaterThan(1);
  await page.clock.install();
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  // The first slide and its photo are in the HTML, before any script runs.
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await expect(current.getByText(slides[0]?.subtitle ?? '')).toBeVisible();
  await expect(current.getByRole('link', { name: /Saiba Mais/ })).toHaveAttribute(
    'href',
    slides[0]?.link ?? '',
  );
  await expect(hero.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
  await hydrated(page, 'HeroCarousel');

  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await expect(hero.locator('[aria-roledescription="slide"]').nth(1)).toHaveCSS(
    'transition-duration',
    '0.7s',
  );

  await hero.hover();
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await page.mouse.move(0, 0);

  const dots = hero.getByRole('button', { name: /^Ir para o slide/ });
  await expect(dots).toHaveCount(slides.length);
  await dots.nth(0).click();
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

  // The pause button stops the rotation for those who cannot hover.
  await hero.getByRole('button', { name: 'Pausar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS * 2);
  await expect(current.getByRole('heading')).toHaveText(slides[0]?.title ?? '');
  await hero.getByRole('button', { name: 'Retomar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(CAROUSEL_INTERVAL_MS + 50);
  await expect(current.getByRole('heading')).toHaveText(slides[1]?.title ?? '');
  await expectAccessible(page);
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
