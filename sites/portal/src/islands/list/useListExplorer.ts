// State of a list page: filters mirrored in the address query, the listings beyond the first page
// read from their static JSON file when a filter or 'Mostrar mais' needs them, and the detail
// dialog, which moves the address to the listing's own page and back; opening it counts a view.
import { LISTING_PATH, type ListingKind, listingPath } from '@guia-fortim/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIST_FIRST_PAGE, type ListingView } from '../../lib/listing-view.ts';
import { countListingEvent } from '../../lib/stats.ts';

export type ListStatus = 'partial' | 'loading' | 'complete' | 'error';

export type ListSource<T> = {
  kind: ListingKind;
  /** The first page, in public order. */
  items: T[];
  /** How many listings the kind has in all. */
  total: number;
  /** Static JSON file with the listings after the first page. */
  remainingUrl: string;
};

export type FilterRules<T, F> = {
  empty: F;
  parse: (params: URLSearchParams) => F;
  query: (filters: F) => string;
  apply: (items: readonly T[], filters: F) => T[];
};

type DialogState = { gfListing: string };

export function useListExplorer<T extends ListingView, F>(
  source: ListSource<T>,
  rules: FilterRules<T, F>,
) {
  const { kind, total, remainingUrl } = source;
  const [filters, setFiltersState] = useState<F>(rules.empty);
  const [items, setItems] = useState<T[]>(source.items);
  const [status, setStatus] = useState<ListStatus>(
    source.items.length >= total ? 'complete' : 'partial',
  );
  const [visible, setVisible] = useState(LIST_FIRST_PAGE);
  const [openItem, setOpenItem] = useState<T | null>(null);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const rulesRef = useRef(rules);
  const pageTitle = useRef('');

  const loadRemaining = useCallback(async () => {
    setStatus((current) => (current === 'partial' || current === 'error' ? 'loading' : current));
    try {
      const response = await fetch(remainingUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const rest = (await response.json()) as T[];
      setItems((current) => [...current, ...rest]);
      setStatus('complete');
    } catch (error) {
      console.error(`Erro ao carregar a lista completa de ${kind}:`, error);
      setStatus('error');
    }
  }, [remainingUrl, kind]);

  const query = rules.query(filters);
  const filtered = query !== '';
  useEffect(() => {
    if (filtered && status === 'partial') void loadRemaining();
  }, [filtered, status, loadRemaining]);

  const showListing = useCallback(
    (pathname: string) => {
      const prefix = `${LISTING_PATH[kind]}/`;
      if (!pathname.startsWith(prefix)) {
        setOpenItem(null);
        setFiltersState(rulesRef.current.parse(new URLSearchParams(location.search)));
        return;
      }
      const slug = decodeURIComponent(pathname.slice(prefix.length));
      const item = itemsRef.current.find((candidate) => candidate.slug === slug);
      if (item) setOpenItem(item);
      else location.reload();
    },
    [kind],
  );

  useEffect(() => {
    pageTitle.current = document.title;
    // Only a filtered address changes the state: setting an equal one would render every card
    // again right after hydration.
    const fromUrl = rulesRef.current.parse(new URLSearchParams(location.search));
    if (rulesRef.current.query(fromUrl) !== '') setFiltersState(fromUrl);
    const onPopState = () => showListing(location.pathname);
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [showListing]);

  useEffect(() => {
    document.title = openItem ? `${openItem.name} | Guia Fortim` : pageTitle.current;
  }, [openItem]);

  const setFilters = useCallback((next: F) => {
    setFiltersState(next);
    setVisible(LIST_FIRST_PAGE);
    history.replaceState(history.state, '', location.pathname + rulesRef.current.query(next));
  }, []);

  const open = useCallback((item: T) => {
    const state: DialogState = { gfListing: item.slug };
    history.pushState(state, '', listingPath(item.kind, item.slug));
    setOpenItem(item);
    countListingEvent(item.kind, item.id, 'view');
  }, []);

  const close = useCallback(() => {
    if ((history.state as DialogState | null)?.gfListing) {
      history.back();
    } else {
      history.replaceState(null, '', LISTING_PATH[kind]);
      setOpenItem(null);
    }
  }, [kind]);

  const results = useMemo(() => rules.apply(items, filters), [rules, items, filters]);
  // Before the remaining listings are read, an unfiltered list knows its total from the build.
  const count = status === 'complete' || filtered ? results.length : total;
  const waiting = filtered && (status === 'partial' || status === 'loading');

  const showMore = useCallback(() => {
    if (status === 'partial') void loadRemaining();
    setVisible((current) => current + LIST_FIRST_PAGE);
  }, [status, loadRemaining]);

  return {
    filters,
    setFilters,
    status,
    waiting,
    count,
    shown: results.slice(0, visible),
    hasMore: !waiting && visible < count,
    showMore,
    openItem,
    open,
    close,
  };
}
