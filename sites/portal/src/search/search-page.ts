// The search page's script: reads `?q=`, asks the Pagefind index (loaded from /pagefind/ only
// here, on first use) and shows the results grouped by kind while the visitor types.
import { LISTING_KINDS } from '@guia-fortim/domain';
import { PLACEHOLDER_IMAGE } from '../lib/images.ts';
import { SEARCH_INDEX_DIR } from './config.ts';
import { groupByKind, resultItem, type SearchHit } from './results.ts';

/** How many results are shown (Pagefind ranks them; each one read costs a small request). */
const SHOWN_RESULTS = 30;
const TYPING_PAUSE_MS = 250;

type Pagefind = {
  options: (options: Record<string, unknown>) => Promise<void>;
  debouncedSearch: (
    term: string,
    options?: Record<string, unknown>,
    ms?: number,
  ) => Promise<{ results: { data: () => Promise<SearchHit> }[] } | null>;
};

const MESSAGES = {
  empty: 'Digite o nome, o tipo ou o endereço do que procura.',
  searching: 'Buscando…',
  none: (term: string) => `Nenhum resultado para “${term}”. Tente outra palavra.`,
  found: (count: number, term: string) =>
    `${count} ${count === 1 ? 'resultado' : 'resultados'} para “${term}”.`,
  failed: 'Não foi possível carregar a busca. Verifique sua conexão e tente novamente.',
};

let pagefind: Promise<Pagefind> | undefined;
function loadIndex(): Promise<Pagefind> {
  pagefind ??= import(/* @vite-ignore */ `/${SEARCH_INDEX_DIR}/pagefind.js`).then(
    async (module: Pagefind) => {
      // On the page's own thread: Pagefind's web worker would add a script of its own to a
      // search that, at this site's size, is quick (measured: see `npm run bench -- site`).
      await module.options({ excerptLength: 24, noWorker: true });
      return module;
    },
  );
  return pagefind;
}

export function startSearchPage() {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const results = document.querySelector<HTMLElement>('[data-search-results]');
  if (!form || !input || !status || !results) return;

  const show = async (term: string, pauseMs = TYPING_PAUSE_MS) => {
    const trimmed = term.trim();
    results.dataset.state = 'buscando';
    if (!trimmed) {
      draw([]);
      status.textContent = MESSAGES.empty;
      results.dataset.state = 'vazio';
      return;
    }
    status.textContent = MESSAGES.searching;
    try {
      const found = await (await loadIndex()).debouncedSearch(trimmed, {}, pauseMs);
      if (!found) return; // a newer term replaced this one
      const hits = await Promise.all(found.results.slice(0, SHOWN_RESULTS).map((r) => r.data()));
      if (input.value.trim() !== trimmed) return;
      draw(hits);
      status.textContent =
        found.results.length === 0
          ? MESSAGES.none(trimmed)
          : MESSAGES.found(found.results.length, trimmed);
      results.dataset.state = 'pronto';
    } catch (error) {
      console.error('Erro na busca:', error);
      pagefind = undefined;
      status.textContent = MESSAGES.failed;
      results.dataset.state = 'erro';
    }
  };

  const draw = (hits: SearchHit[]) => {
    const groups = groupByKind(hits);
    for (const kind of LISTING_KINDS) {
      const section = results.querySelector<HTMLElement>(`[data-kind="${kind}"]`);
      const list = section?.querySelector('ul');
      if (!section || !list) continue;
      list.replaceChildren(...groups[kind].map((hit) => resultItem(hit, PLACEHOLDER_IMAGE)));
      section.hidden = groups[kind].length === 0;
    }
  };

  /** The term in the address, so that the page can be shared and reloaded as it is. */
  const keepInAddress = (term: string) => {
    const url = new URL(location.href);
    if (term.trim()) url.searchParams.set('q', term.trim());
    else url.searchParams.delete('q');
    history.replaceState(history.state, '', url);
  };

  // The address's query, or what the visitor typed while this code was loading.
  const term = new URLSearchParams(location.search).get('q') || input.value;
  input.value = term;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show(input.value, 0);
  });
  input.addEventListener('input', () => {
    keepInAddress(input.value);
    void show(input.value);
  });
  keepInAddress(term);
  void show(term, 0);
}
