// @vitest-environment happy-dom
// The listing counts as the page sends them: the inline script exactly as the build
// writes it (lib/stats-script.ts), run in a browser-like document, and what the components and
// islands hand it. The worker and the database that count them are in tests/e2e/listing-stats.
import { listingEventSchema } from '@guia-fortim/domain';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListingCard } from '../../src/components/cards/ListingCard.tsx';
import { ListingDetails } from '../../src/components/details/ListingDetails.tsx';
import HospedagemList from '../../src/islands/HospedagemList.tsx';
import { countListingEvent } from '../../src/lib/stats.ts';
import { statsEndpoint, statsScript } from '../../src/lib/stats-script.ts';
import { comercio, hospedagem, listingId, passeio } from './fixtures.ts';
import { afterPopstate } from './popstate.ts';

const ENDPOINT = 'http://127.0.0.1:8787/api/events';
const beacon = vi.fn((_url: string, _body?: BodyInit | null) => true);
const PAGE_ID = listingId('pagina');

/** The bodies sent so far, parsed, each checked against the worker's schema. */
const sent = () =>
  beacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(ENDPOINT);
    // A string: sent as text/plain, no CORS preflight.
    expect(typeof body).toBe('string');
    return listingEventSchema.parse(JSON.parse(body as string));
  });

beforeAll(() => {
  Object.defineProperty(navigator, 'sendBeacon', {
    value: beacon,
    configurable: true,
    writable: true,
  });
  // A listing's own page: its view is sent once, as the script runs at the end of the page.
  document.body.innerHTML = `<div data-stats-load="passeio:${PAGE_ID}:view"></div>`;
  // wa.me is outside: the links' new tabs are not opened here.
  document.addEventListener('click', (event) => event.preventDefault(), true);
  new Function(statsScript(ENDPOINT))();
});
beforeEach(() => {
  history.replaceState(null, '', '/hospedagem');
});
afterEach(() => {
  cleanup();
  beacon.mockClear();
});

describe('the page script', () => {
  it("sent the listing page's view when it ran", () => {
    // The first test: nothing was cleared yet.
    expect(sent()).toEqual([{ kind: 'passeio', id: PAGE_ID, event: 'view' }]);
  });

  it('is small, the same on every page and only there with an API address', () => {
    const script = statsScript(ENDPOINT);
    expect(script.length).toBeLessThan(600);
    expect(statsScript(ENDPOINT)).toBe(script);
    expect(script).not.toContain('</');
    expect(statsEndpoint('http://127.0.0.1:8787/')).toBe(ENDPOINT);
    expect(statsEndpoint('')).toBe('');
    expect(statsEndpoint(undefined)).toBe('');
    // An address cannot close the script element.
    expect(statsScript('http://x/</script>')).not.toContain('</script>');
  });

  it("counts one WhatsApp contact per tap on 'Fale agora', on a card and in the details", () => {
    const item = hospedagem('azul', { name: 'Pousada Azul' });
    const { unmount } = render(<ListingCard item={item} />);
    // The tap lands on the icon or the text inside the link.
    const link = screen.getByRole('link', { name: /Fale agora/ });
    fireEvent.click(link.querySelector('svg') ?? link);
    expect(sent()).toEqual([{ kind: 'hospedagem', id: item.id, event: 'whatsapp' }]);
    unmount();

    beacon.mockClear();
    const tour = passeio('barco');
    render(<ListingDetails item={tour} />);
    fireEvent.click(screen.getByRole('link', { name: /Fale agora/ }));
    fireEvent.click(screen.getByText('Sobre o Passeio'));
    expect(sent()).toEqual([{ kind: 'passeio', id: tour.id, event: 'whatsapp' }]);
  });

  it("sends nothing for a click anywhere else (a card's own link included)", () => {
    const item = comercio('loja');
    render(<ListingCard item={item} />);
    fireEvent.click(screen.getByRole('link', { name: item.name }));
    fireEvent.click(document.body);
    expect(beacon).not.toHaveBeenCalled();
  });

  it('sends what an island counts (a marker opened on the map)', () => {
    const id = listingId('mapa');
    countListingEvent('comercio', id, 'map');
    expect(sent()).toEqual([{ kind: 'comercio', id, event: 'map' }]);
  });

  it('falls back to a keepalive no-cors fetch without sendBeacon, and never throws', async () => {
    const fetch = vi.fn(async (..._args: unknown[]) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    const saved = navigator.sendBeacon;
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined, configurable: true });
    try {
      const id = listingId('sem-beacon');
      countListingEvent('hospedagem', id, 'view');
      expect(fetch).toHaveBeenCalledWith(ENDPOINT, {
        method: 'POST',
        body: JSON.stringify({ kind: 'hospedagem', id, event: 'view' }),
        keepalive: true,
        mode: 'no-cors',
      });
      // A network that refuses it: the page goes on and leaves no rejection unhandled. The refusal
      // comes from a plain function (a Vitest mock handles the promises it returns). Node reports
      // unhandled rejections in the order they happen: once one made after the refusal, and left
      // unhandled on purpose, is reported, the refusal's turn has passed.
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        let refused = 0;
        vi.stubGlobal('fetch', () => {
          refused++;
          return Promise.reject(new TypeError('Failed to fetch'));
        });
        expect(() => countListingEvent('hospedagem', id, 'view')).not.toThrow();
        expect(refused).toBe(1);
        const marker = new Error('depois da recusa');
        void Promise.reject(marker);
        await vi.waitFor(() => expect(unhandled).toContain(marker));
        expect(unhandled).toEqual([marker]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
      // A browser whose beacon throws: the page goes on.
      Object.defineProperty(navigator, 'sendBeacon', {
        value: () => {
          throw new TypeError('beacon refused');
        },
        configurable: true,
      });
      expect(() => countListingEvent('hospedagem', id, 'view')).not.toThrow();
    } finally {
      Object.defineProperty(navigator, 'sendBeacon', {
        value: saved,
        configurable: true,
        writable: true,
      });
      vi.unstubAllGlobals();
    }
  });
});

describe('offline', () => {
  it('sends nothing while the browser is offline (a page from the device)', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      countListingEvent('hospedagem', listingId('offline'), 'view');
      expect(beacon).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('a list island', () => {
  it('counts one view when it opens a listing dialog, not when the address reopens it', async () => {
    const items = [hospedagem('azul', { name: 'Pousada Azul' }), hospedagem('sol')];
    render(
      <HospedagemList
        kind="hospedagem"
        items={items}
        total={2}
        remainingUrl="/x.json"
        categories={[]}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Pousada Azul' }));
    await screen.findByRole('dialog');
    expect(sent()).toEqual([{ kind: 'hospedagem', id: listingId('azul'), event: 'view' }]);

    // 'Fale agora' in the dialog is one contact.
    beacon.mockClear();
    const dialog = screen.getByRole('dialog');
    fireEvent.click(dialog.querySelector('[data-stats]') as HTMLElement);
    expect(sent()).toEqual([{ kind: 'hospedagem', id: listingId('azul'), event: 'whatsapp' }]);

    // Back closes it; forward shows it again without a new count (no new action on the list).
    // The island reopens the dialog from forward's popstate: once that popstate is answered and
    // the dialog is back, a count for the reopening would have been sent.
    beacon.mockClear();
    await afterPopstate(() => history.back());
    expect(location.pathname).toBe('/hospedagem');
    expect(screen.queryByRole('dialog')).toBeNull();
    await afterPopstate(() => history.forward());
    expect(location.pathname).toBe('/hospedagem/azul');
    expect(screen.getByRole('dialog').textContent).toContain('Pousada Azul');
    expect(beacon).not.toHaveBeenCalled();
  });
});
