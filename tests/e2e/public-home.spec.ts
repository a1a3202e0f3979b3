// The home page: hero carousel, the three featured sections, the map section and the call to
// action, checked against the product's rules applied by hand to the demo seed
// (db/supabase/seed/data.ts).
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { expectAccessible, hydrated, open } from './public-helpers.ts';

// Generous: the machines running these suites are often busy.
test.describe.configure({ timeout: 60_000 });

// The home carousel advances every 4 seconds and fades between slides over 700 ms.
const INTERVAL_MS = 4000;
const FADE = '0.7s';

// "Only active slides are shown, ordered by order_position ascending." The seed inserts its
// slides in the order 4, 1, 2 (inactive), 3: the hero shows these three, in this order.
const SLIDES = [
  {
    title: 'Descubra Fortim',
    subtitle: 'Falésias coloridas, praias tranquilas e o encontro do Rio Jaguaribe com o mar.',
    link: '/passeios',
  },
  {
    title: 'Hospede-se à beira-mar',
    subtitle: 'Pousadas, chalés e casas de praia para todos os estilos de viagem.',
    link: '/hospedagem',
  },
  {
    title: 'Sabores do litoral',
    subtitle: 'Peixadas, caranguejo e sorvetes de frutas regionais no comércio local.',
    link: '/comercio',
  },
] as const;
const INACTIVE_SLIDE = 'Ventos do Canto da Barra';
const [FIRST, SECOND, THIRD] = SLIDES;

/** Page timers that fire only when the test runs the clock (installed time would flow). */
async function pausedClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 60_000);
}

test('the home page requests no script at load: the hero needs no React and is in the page', async ({
  page,
}) => {
  const requested: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    requested.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await open(page, '/', 200, { waitUntil: 'networkidle' });
  // A script request before the first paint delays the hero's photo on a slow phone.
  expect(scripts).toEqual([]);
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
  await pausedClock(page);
  // Resolves on the load event, after the hero's module script has run.
  await open(page, '/');
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  const heading = current.getByRole('heading');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute('aria-label', `1 de ${SLIDES.length}`);
  // The inactive slide is not in the page at all.
  await expect(hero.locator('[aria-roledescription="slide"]')).toHaveCount(SLIDES.length);
  expect(await page.content()).not.toContain(INACTIVE_SLIDE);
  const dots = hero.getByRole('button', { name: /^Ir para o slide/ });
  await expect(dots).toHaveCount(SLIDES.length);
  for (const [i, slide] of SLIDES.entries()) {
    await expect(dots.nth(i)).toHaveAccessibleName(`Ir para o slide ${i + 1}: ${slide.title}`);
  }
  // The first slide and its photo are in the HTML; the other photos wait for their turn.
  await expect(heading).toHaveText(FIRST.title);
  await expect(current.getByText(FIRST.subtitle)).toBeVisible();
  await expect(current.getByRole('link', { name: /Saiba Mais/ })).toHaveAttribute(
    'href',
    FIRST.link,
  );
  const photo = hero.locator('img');
  await expect(photo).toHaveCount(1);
  await expect(photo).toHaveAttribute('fetchpriority', 'high');
  await expect(photo).toHaveAttribute('loading', 'eager');
  await expect(photo).toHaveAttribute('width', /^\d+$/);
  await expect(photo).toHaveAttribute('height', /^\d+$/);

  // Not before 4 s, and at 4 s the next slide.
  await page.clock.runFor(INTERVAL_MS - 100);
  await expect(heading).toHaveText(FIRST.title);
  await page.clock.runFor(150);
  await expect(heading).toHaveText(SECOND.title);
  await expect(current.getByText(SECOND.subtitle)).toBeVisible();
  await expect(current.getByRole('link', { name: /Saiba Mais/ })).toHaveAttribute(
    'href',
    SECOND.link,
  );
  // The second photo came halfway to its turn; the third waits for halfway to its own.
  await expect(hero.locator('img')).toHaveCount(2);
  await expect(hero.locator('[aria-roledescription="slide"]').nth(1)).toHaveCSS(
    'transition-duration',
    FADE,
  );
  await expect(hero.locator('[aria-roledescription="slide"]').first()).toHaveCSS('opacity', '0');

  await hero.hover();
  await page.clock.runFor(INTERVAL_MS * 2);
  await expect(heading).toHaveText(SECOND.title);
  await page.mouse.move(0, 0);

  await dots.nth(0).click();
  await expect(heading).toHaveText(FIRST.title);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'false');

  // The pause button stops the rotation for those who cannot hover.
  await hero.getByRole('button', { name: 'Pausar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(INTERVAL_MS * 2);
  await expect(heading).toHaveText(FIRST.title);
  await hero.getByRole('button', { name: 'Retomar carrossel' }).click();
  await page.mouse.move(0, 0);
  await page.clock.runFor(INTERVAL_MS + 50);
  await expect(heading).toHaveText(SECOND.title);

  // Keyboard focus inside (the last dot, then the pause button) holds the slide; leaving resumes.
  await page.keyboard.press('Shift+Tab');
  await expect(dots.last()).toBeFocused();
  await page.clock.runFor(INTERVAL_MS * 2);
  await expect(heading).toHaveText(SECOND.title);
  await page.keyboard.press('Tab');
  await page.clock.runFor(INTERVAL_MS * 2);
  await expect(heading).toHaveText(SECOND.title);
  await page.keyboard.press('Tab');
  await page.clock.runFor(INTERVAL_MS + 50);
  await expect(heading).toHaveText(THIRD.title);
  await expect(current.getByRole('link', { name: /Saiba Mais/ })).toHaveAttribute(
    'href',
    THIRD.link,
  );
  // After the last slide comes the first again, never the inactive one.
  await page.clock.runFor(INTERVAL_MS + 50);
  await expect(heading).toHaveText(FIRST.title);
  // axe-core runs on timers of its own.
  await page.clock.resume();
  await expectAccessible(page);
});

test('with reduced motion the hero starts paused and does not fade', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await pausedClock(page);
  await open(page, '/');
  const hero = page.getByRole('region', { name: 'Destaques de Fortim' });
  const current = hero.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
  await expect(hero.getByRole('button', { name: 'Retomar carrossel' })).toBeVisible();
  await page.clock.runFor(INTERVAL_MS * 3);
  await expect(current.getByRole('heading')).toHaveText(FIRST.title);
  await expect(current).toHaveCSS('transition-property', 'none');
  await hero.getByRole('button', { name: `Ir para o slide 2: ${SECOND.title}` }).click();
  await expect(current.getByRole('heading')).toHaveText(SECOND.title);
});

// Section 2 "Home": "Featured lodging: 3 items, link to /hospedagem with text 'Ver todas as
// opções'", "Featured commerce: 4 items … 'Explorar todos'", "Featured tours: 3 items …
// 'Ver todos os passeios'"; section 7: "filter is_featured true, order featured_order ascending,
// limit N (3, 4, 3)". The names are the seed's featured items by featured_order, whose order is
// neither their age nor their place in the seed, and the seed features a fourth tour.
const FEATURED = [
  {
    heading: 'Onde ficar',
    names: ['Hotel Fortim Praia', 'Pousada Pontal do Maceió', 'Pousada Canto da Barra'],
    link: ['Ver todas as opções', '/hospedagem'],
  },
  {
    heading: 'Comércio local',
    names: [
      'Sorveteria Coco Gelado',
      'Restaurante Sabor do Mar',
      'Café da Praça',
      'Barraca do Pontal',
    ],
    link: ['Explorar todos', '/comercio'],
  },
  {
    heading: 'Passeios e experiências',
    names: [
      'Pôr do sol no Pontal de Maceió',
      'Passeio de barco pelo Rio Jaguaribe',
      'Roteiro gastronômico de frutos do mar',
    ],
    link: ['Ver todos os passeios', '/passeios'],
  },
] as const;

test('the featured sections show 3 lodgings, 4 businesses and 3 tours in featured order', async ({
  page,
}) => {
  expect(FEATURED.map((section) => section.names.length)).toEqual([3, 4, 3]);
  await open(page, '/');
  for (const section of FEATURED) {
    const region = page.getByRole('region', { name: section.heading });
    await expect(region.locator('article h3')).toHaveText([...section.names]);
    await expect(region.getByRole('link', { name: section.link[0] })).toHaveAttribute(
      'href',
      section.link[1],
    );
    await expect(region.locator('article h3 a').first()).toHaveAttribute(
      'href',
      new RegExp(`^${section.link[1]}/[a-z0-9-]+$`),
    );
  }
  // The fourth featured tour waits for a free place.
  await expect(page.getByText('Buggy pelas dunas até Canoa Quebrada')).toHaveCount(0);
  // A featured card leads to the listing's own page.
  await page
    .getByRole('region', { name: 'Passeios e experiências' })
    .getByRole('link', { name: 'Pôr do sol no Pontal de Maceió', exact: true })
    .click();
  await expect(page).toHaveURL(/\/passeios\/por-do-sol-no-pontal-de-maceio$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pôr do sol no Pontal de Maceió',
  );
});

test('the map section is 500 px high with Ver Mapa Completo, then the call to action', async ({
  page,
}) => {
  await open(page, '/');
  const section = page.getByRole('region', { name: 'Explore no mapa' });
  await expect(section.getByRole('link', { name: /Ver Mapa Completo/ })).toHaveAttribute(
    'href',
    '/mapa',
  );
  await section.scrollIntoViewIfNeeded();
  await hydrated(page, 'MapView');
  // Section 2 "Home": "Map section 500 px high".
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
