import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ListingCard } from '../../components/cards/ListingCard.tsx';
import type { ListingView } from '../../lib/listing-view.ts';

// The dialog (gallery, details) is fetched when a listing is first opened, not with the page.
const ListingDialog = lazy(() => import('./ListingDialog.tsx'));

type Props<T extends ListingView> = {
  countText: string;
  waiting: boolean;
  /** Shown instead of the cards while the remaining listings are read. */
  loading: ReactNode;
  /** Shown above the cards when reading the remaining listings failed. */
  error?: ReactNode;
  empty: ReactNode;
  shown: T[];
  hasMore: boolean;
  showMore: () => void;
  openItem: T | null;
  open: (item: T) => void;
  close: () => void;
};

export function Results<T extends ListingView>(props: Props<T>) {
  const [dialogUsed, setDialogUsed] = useState(false);
  if (props.openItem && !dialogUsed) setDialogUsed(true);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm font-medium text-slate-700" role="status" aria-live="polite">
        {props.waiting ? '' : props.countText}
      </p>
      {props.error}
      {props.waiting ? (
        props.loading
      ) : props.shown.length === 0 ? (
        props.empty
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {props.shown.map((item, index) => (
            <li key={item.slug} className="flex">
              <ListingCard
                item={item}
                onOpen={props.open as (item: ListingView) => void}
                headingLevel="h2"
                priority={index === 0}
              />
            </li>
          ))}
        </ul>
      )}
      {props.hasMore && (
        <button
          type="button"
          onClick={props.showMore}
          className="self-center rounded-lg border border-mar px-6 py-2 font-semibold text-mar hover:bg-mar hover:text-white"
        >
          Mostrar mais
        </button>
      )}
      {dialogUsed && (
        <Suspense fallback={null}>
          <ListingDialog item={props.openItem} onClose={props.close} />
        </Suspense>
      )}
    </div>
  );
}

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text && <p className="mt-2 text-slate-600">{text}</p>}
    </div>
  );
}
