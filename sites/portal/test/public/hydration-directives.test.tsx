// @vitest-environment happy-dom
// The site's hydration directives with the real React renderer Astro uses (@astrojs/react's
// client): an island rendered on the server, hydrated only when the directive says so, and what
// the visitor did before hydration reaching the component afterwards.
import reactClient from '@astrojs/react/client.js';
import { type ComponentType, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import interaction from '../../src/directives/interaction.ts';
import session, { type SessionOptions } from '../../src/directives/session.ts';

const hydrations = vi.fn();
const clicks = vi.fn();
const searches = vi.fn();

function Island() {
  const [text, setText] = useState('');
  useEffect(() => hydrations(), []);
  useEffect(() => {
    if (text) searches(text);
  }, [text]);
  return (
    <div>
      <a
        href="/hospedagem/pousada"
        onClick={(event) => {
          event.preventDefault();
          clicks();
        }}
      >
        <svg aria-hidden="true">
          <path d="M0 0h1" />
        </svg>
        Pousada
      </a>
      <input aria-label="Buscar" value={text} onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

const islands: { el: HTMLElement; load: ReturnType<typeof vi.fn> }[] = [];

/** An island as Astro writes it, and the `load` Astro hands to a directive. */
function island(Component: ComponentType = Island) {
  const el = document.createElement('astro-island');
  el.setAttribute('ssr', '');
  el.innerHTML = renderToString(<Component />);
  document.body.append(el);
  const load = vi.fn(async () => async () => {
    reactClient(el)(Component, {}, {}, { client: 'interaction' });
    el.removeAttribute('ssr');
  });
  islands.push({ el, load });
  return { el, load };
}

/**
 * Waits until React has hydrated `count` islands (each runs its effect once). What a directive
 * starts, on its own or on an event, goes through the same steps as an island that hydrates: once
 * an island set up or woken later has hydrated, an earlier one has had every chance to start.
 */
const hydrated = (count: number) =>
  vi.waitFor(() => expect(hydrations.mock.calls.length).toBeGreaterThanOrEqual(count));

afterEach(async () => {
  // No React work may outlive its test: wake every island still waiting, let it hydrate, unmount.
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift' }));
  await vi.waitFor(() => {
    for (const { el, load } of islands)
      if (load.mock.calls.length) expect(el.hasAttribute('ssr')).toBe(false);
  });
  // React unmounts a root synchronously, but leaves each root's passive effects to a scheduler
  // task (a setImmediate in Node), which must not run after happy-dom's window is gone. A timer
  // fires only after the immediates queued before it, and the scheduler runs at least one task per
  // turn, even on a loaded machine: one turn per root, and one more, drains them.
  const roots = islands.splice(0);
  for (const { el } of roots) el.dispatchEvent(new Event('astro:unmount'));
  for (let turn = 0; turn <= roots.length; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  document.body.innerHTML = '';
  history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  vi.clearAllMocks();
});

describe('client:interaction', () => {
  it('leaves the island as HTML until the visitor uses the page', async () => {
    const { el, load } = island();
    interaction(load, { name: 'Island', value: '' }, el);
    // An island set up after it that asks to hydrate at once (a filtered address) hydrates: the
    // first one, unused, has stayed HTML meanwhile.
    history.replaceState(null, '', '/hospedagem?busca=mar');
    const atOnce = island();
    interaction(atOnce.load, { name: 'Island', value: { ifQuery: true } }, atOnce.el);
    await hydrated(1);
    expect(load).not.toHaveBeenCalled();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await hydrated(2);
    expect(load).toHaveBeenCalledTimes(1);
    // Another key, with an island still waiting for one: once it has hydrated from that key, the
    // first island has had the key too, and it did not ask for its code again.
    const waiting = island();
    interaction(waiting.load, { name: 'Island', value: '' }, waiting.el);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await hydrated(3);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('wakes on focus inside the island and on a touch or the pointer anywhere', async () => {
    for (const wake of [
      (el: HTMLElement) => el.querySelector('input')?.focus(),
      () => window.dispatchEvent(new Event('touchstart')),
      () => window.dispatchEvent(new PointerEvent('pointermove')),
    ]) {
      hydrations.mockClear();
      const { el, load } = island();
      interaction(load, { name: 'Island', value: '' }, el);
      wake(el);
      await vi.waitFor(() => expect(hydrations).toHaveBeenCalledTimes(1));
      expect(load).toHaveBeenCalledTimes(1);
      el.remove();
    }
  });

  it('hydrates at once on a filtered address when asked to', async () => {
    history.replaceState(null, '', '/hospedagem');
    const unfiltered = island();
    interaction(unfiltered.load, { name: 'Island', value: { ifQuery: true } }, unfiltered.el);

    history.replaceState(null, '', '/hospedagem?busca=mar');
    const { el, load } = island();
    interaction(load, { name: 'Island', value: { ifQuery: true } }, el);
    await hydrated(1);
    expect(load).toHaveBeenCalledTimes(1);
    // Set up before it, on an address without a query, the first one is still HTML.
    expect(unfiltered.load).not.toHaveBeenCalled();
  });

  it('replays a click made before hydration, once, to the hydrated component', async () => {
    const { el, load } = island();
    interaction(load, { name: 'Island', value: '' }, el);
    const link = el.querySelector('a') as HTMLAnchorElement;
    const followed = vi.fn();
    document.addEventListener('click', (event) => followed(event.defaultPrevented));
    link.click();
    expect(clicks).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    // The held click never reached the page; the replayed one was handled by React.
    expect(followed.mock.calls).toEqual([[true]]);
  });

  it("replays a click on a link's icon to the link (an SVG element cannot be clicked again)", async () => {
    const { el, load } = island();
    interaction(load, { name: 'Island', value: '' }, el);
    el.querySelector('path')?.dispatchEvent(
      new MouseEvent('click', { bubbles: true, cancelable: true }),
    );
    // Replayed on the SVG element, which has no click(), the replay would throw before reaching
    // the component (and Vitest fails the run on the rejection): the link's handler ran.
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
  });

  it('lets a click asking for a new tab keep its native meaning', async () => {
    const { el, load } = island();
    interaction(load, { name: 'Island', value: '' }, el);
    const link = el.querySelector('a') as HTMLAnchorElement;
    const seen = vi.fn();
    document.addEventListener('click', (event) => seen(event.defaultPrevented));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(seen.mock.calls).toEqual([[false]]);
    // A plain click on another island, after it, is held and replayed once that island has
    // hydrated: by then the first island has had its chance to start from the click it got.
    const other = island();
    interaction(other.load, { name: 'Island', value: '' }, other.el);
    (other.el.querySelector('a') as HTMLAnchorElement).click();
    await vi.waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect(load).not.toHaveBeenCalled();
  });

  it('hands text typed before hydration to the component', async () => {
    const { el, load } = island();
    interaction(load, { name: 'Island', value: '' }, el);
    const input = el.querySelector('input') as HTMLInputElement;
    input.value = 'barco';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'o' }));
    await vi.waitFor(() => expect(searches).toHaveBeenCalledWith('barco'));
    expect(input.value).toBe('barco');
  });
});

describe('client:session', () => {
  const options: SessionOptions = {
    sessionKey: 'sb-127-auth-token',
    flashKey: 'guia-fortim:toast',
    linkParams: ['code', 'error_description'],
  };
  const start = () => {
    const { el, load } = island();
    session(load, { name: 'AccountMenu', value: options }, el);
    return load;
  };
  /** An island started after the one under test, with a carried message: it hydrates at once. */
  const hydratedAtOnce = async () => {
    sessionStorage.setItem(options.flashKey, '{"title":"Logout realizado"}');
    expect(start()).toHaveBeenCalledTimes(1);
    sessionStorage.clear();
    await hydrated(1);
  };

  it('stays HTML for a visitor who is not signed in, even when used', async () => {
    const load = start();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    // An island started after it, with a message to show, hydrates; this one has stayed HTML.
    await hydratedAtOnce();
    expect(load).not.toHaveBeenCalled();
  });

  it('hydrates at once with a stored session, a carried message or an e-mailed link in the query', async () => {
    localStorage.setItem(options.sessionKey, '{}');
    expect(start()).toHaveBeenCalledTimes(1);
    localStorage.clear();

    sessionStorage.setItem(options.flashKey, '{"title":"Logout realizado"}');
    expect(start()).toHaveBeenCalledTimes(1);
    sessionStorage.clear();

    for (const query of ['?code=abc', '?error_description=Expirado']) {
      history.replaceState(null, '', `/${query}`);
      expect(start()).toHaveBeenCalledTimes(1);
    }
  });

  it('stays HTML for tokens in the fragment: a session is never taken from one', async () => {
    history.replaceState(null, '', '/#access_token=x&refresh_token=y&type=recovery');
    const load = start();
    // Tokens in the fragment: an island started after it, with a message to show, hydrates.
    await hydratedAtOnce();
    expect(load).not.toHaveBeenCalled();
    history.replaceState(null, '', '/');
  });

  it('hydrates when another tab signs in', async () => {
    const load = start();
    window.dispatchEvent(new StorageEvent('storage', { key: 'outra-chave', newValue: '{}' }));
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: options.sessionKey, newValue: '{}' }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
