import { useId } from 'react';
import { ListingDetails } from '../../components/details/ListingDetails.tsx';
import { ListingSummary } from '../../components/details/ListingSummary.tsx';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { Gallery } from '../../components/Gallery.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Modal } from '../../components/Modal.tsx';
import type { ListingView } from '../../lib/listing-view.ts';

export default function ListingDialog({
  item,
  onClose,
}: {
  item: ListingView | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Modal
      open={item !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="listing-dialog m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] max-w-4xl rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      {item && (
        <div className="flex flex-col gap-6 p-5 md:p-8">
          <div className="flex items-start justify-between gap-4">
            <ListingSummary item={item} id={titleId} />
            <div className="-mt-1 -mr-1 flex shrink-0 items-center gap-2">
              <FavoriteButton item={item} />
              <button
                type="button"
                onClick={onClose}
                className="rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                aria-label="Fechar"
              >
                <Icon name="close" className="size-6" />
              </button>
            </div>
          </div>
          <Gallery images={item.images} name={item.name} styles={item.image_styles} />
          <ListingDetails item={item} />
        </div>
      )}
    </Modal>
  );
}
