// A listing's photos: on phones a looping carousel with its photo count, on larger screens one
// large photo and up to 3 small ones ('+N fotos' beyond 4); any photo opens the full-screen
// viewer (previous/next, 'n / total', progress bar, swipe, arrow keys, Escape).
import { DEFAULT_IMAGE_STYLES, type ImageStyles } from '@guia-fortim/domain';
import { type PointerEvent, useId, useRef, useState } from 'react';
import { PHOTO_SIZES } from '../lib/images.ts';
import {
  GALLERY_DESKTOP_MAX_PHOTOS,
  GALLERY_DESKTOP_SMALL_PHOTOS,
  GALLERY_SWIPE_THRESHOLD_PX,
} from '../lib/ui-constants.ts';
import { Icon } from './Icon.tsx';
import { ListingImage } from './ListingImage.tsx';
import { Modal } from './Modal.tsx';

type Props = {
  images: string[];
  name: string;
  styles?: ImageStyles;
  /** The page's first photo is its largest content: load it at once. */
  priority?: boolean;
};

const TAP_SLOP_PX = 10;

const CONTAIN: ImageStyles = { ...DEFAULT_IMAGE_STYLES, objectFit: 'contain' };

// Rows that share the box's height whatever the photos' own sizes (minmax(0, 1fr)): with plain
// 1fr the thumbnails stacked to their natural height and the last ones were cut off.
// (one class per count up to GALLERY_DESKTOP_SMALL_PHOTOS, written out for Tailwind to find).
const SMALL_ROWS = ['', 'grid-rows-1', 'grid-rows-2', 'grid-rows-3'];

export function photoCount(count: number): string {
  return `${count} ${count === 1 ? 'foto' : 'fotos'}`;
}

/** Index after stepping `delta` photos, wrapping around at both ends. */
export function wrapIndex(index: number, delta: number, count: number): number {
  return (((index + delta) % count) + count) % count;
}

/** Pointer handlers calling back on a horizontal swipe of at least the gallery's threshold;
 * `swiped` tells the click that follows a drag apart from a tap. */
function useSwipe(onStep: (delta: 1 | -1) => void) {
  const start = useRef<number | null>(null);
  const swiped = useRef(false);
  return {
    swiped,
    handlers: {
      onPointerDown: (event: PointerEvent) => {
        start.current = event.clientX;
        swiped.current = false;
      },
      onPointerUp: (event: PointerEvent) => {
        if (start.current === null) return;
        const distance = event.clientX - start.current;
        start.current = null;
        // Any drag is not a tap; only one of at least the threshold changes the photo.
        swiped.current = Math.abs(distance) > TAP_SLOP_PX;
        if (Math.abs(distance) >= GALLERY_SWIPE_THRESHOLD_PX) onStep(distance < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
  };
}

export function Gallery({ images, name, styles, priority = false }: Props) {
  const [current, setCurrent] = useState(0);
  const [viewer, setViewer] = useState<number | null>(null);
  const count = images.length;
  const step = (delta: 1 | -1) => setCurrent((index) => wrapIndex(index, delta, count));
  const swipe = useSwipe(step);
  if (count === 0) return null;
  const small = images.slice(1, 1 + GALLERY_DESKTOP_SMALL_PHOTOS);
  const hidden = count - GALLERY_DESKTOP_MAX_PHOTOS;
  const open = (index: number) => setViewer(index);

  return (
    <div className="gallery" data-count={count}>
      {/* Phones: looping carousel */}
      <div
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-xl bg-slate-100 md:hidden"
        {...swipe.handlers}
      >
        <button
          type="button"
          className="block size-full"
          onClick={() => {
            if (!swipe.swiped.current) open(current);
          }}
          aria-label={`Ampliar foto ${current + 1} de ${count}`}
        >
          <ListingImage
            url={images[current] ?? ''}
            alt={`${name}, foto ${current + 1} de ${count}`}
            variant="card"
            sizes={PHOTO_SIZES.galleryPhone}
            styles={current === 0 ? styles : undefined}
            priority={priority && current === 0}
            draggable={false}
          />
        </button>
        {count > 1 && (
          <>
            <CarouselButton direction="left" onClick={() => step(-1)} />
            <CarouselButton direction="right" onClick={() => step(1)} />
          </>
        )}
        <span className="absolute right-3 bottom-3 rounded-full bg-black/75 px-3 py-1 text-sm font-medium text-white">
          {count > 1 ? `${current + 1} / ${photoCount(count)}` : photoCount(count)}
        </span>
      </div>

      {/* Larger screens: one large photo and up to 3 small ones */}
      <div
        className={`hidden h-[26rem] grid-rows-1 gap-2 overflow-hidden rounded-xl md:grid ${count > 1 ? 'grid-cols-3' : 'grid-cols-1'}`}
      >
        <button
          type="button"
          className={`overflow-hidden bg-slate-100 ${count > 1 ? 'col-span-2' : ''}`}
          onClick={() => open(0)}
          aria-label={`Ampliar foto 1 de ${count}`}
        >
          <ListingImage
            url={images[0] ?? ''}
            alt={`${name}, foto 1 de ${count}`}
            variant="hero"
            sizes={count > 1 ? PHOTO_SIZES.galleryMain : PHOTO_SIZES.galleryOnly}
            styles={styles}
            className="transition hover:scale-105"
          />
        </button>
        {small.length > 0 && (
          <div className={`grid min-h-0 gap-2 ${SMALL_ROWS[small.length]}`}>
            {small.map((url, i) => {
              const index = i + 1;
              const last = i === small.length - 1;
              return (
                <button
                  key={url}
                  type="button"
                  className="relative overflow-hidden bg-slate-100"
                  onClick={() => open(index)}
                  aria-label={
                    last && hidden > 0
                      ? `Ver mais ${photoCount(hidden)}`
                      : `Ampliar foto ${index + 1} de ${count}`
                  }
                >
                  <ListingImage
                    url={url}
                    alt={`${name}, foto ${index + 1} de ${count}`}
                    variant="thumb"
                    sizes={
                      small.length === 1 ? PHOTO_SIZES.galleryThumbAlone : PHOTO_SIZES.galleryThumb
                    }
                    className="transition hover:scale-105"
                  />
                  {last && hidden > 0 && (
                    <span className="absolute inset-0 flex items-center justify-center bg-black/60 text-lg font-semibold text-white">
                      +{photoCount(hidden)}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        )}
      </div>

      <GalleryViewer
        images={images}
        name={name}
        index={viewer}
        onIndex={setViewer}
        onClose={() => setViewer(null)}
      />
    </div>
  );
}

function CarouselButton({
  direction,
  onClick,
}: {
  direction: 'left' | 'right';
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${direction === 'left' ? 'left-2' : 'right-2'} rounded-full bg-white/90 p-2 text-slate-900 shadow`}
      aria-label={direction === 'left' ? 'Foto anterior' : 'Próxima foto'}
    >
      <Icon name={direction} className="size-5" />
    </button>
  );
}

type ViewerProps = {
  images: string[];
  name: string;
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
};

function GalleryViewer({ images, name, index, onIndex, onClose }: ViewerProps) {
  const titleId = useId();
  const count = images.length;
  const current = index ?? 0;
  const step = (delta: 1 | -1) => onIndex(wrapIndex(current, delta, count));
  const swipe = useSwipe(step);
  return (
    <Modal
      open={index !== null}
      onClose={onClose}
      labelledBy={titleId}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-black p-0 text-white backdrop:bg-black"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') step(-1);
        else if (event.key === 'ArrowRight') step(1);
      }}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 px-4 py-3">
          <h2 id={titleId} className="truncate text-base font-semibold">
            {name}
          </h2>
          <p className="text-sm tabular-nums" aria-live="polite">
            <span className="sr-only">Foto </span>
            {current + 1} / {count}
          </p>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full p-2 hover:bg-white/15"
            aria-label="Fechar galeria"
          >
            <Icon name="close" className="size-6" />
          </button>
        </div>
        <div className="h-1 bg-white/20" aria-hidden="true">
          <div
            className="gallery-progress h-full bg-white transition-[width]"
            style={{ width: `${((current + 1) / count) * 100}%` }}
          />
        </div>
        <div className="relative flex-1 touch-pan-y select-none" {...swipe.handlers}>
          <ListingImage
            url={images[current] ?? ''}
            alt={`${name}, foto ${current + 1} de ${count}`}
            variant="hero"
            sizes={PHOTO_SIZES.viewer}
            className="absolute inset-0"
            styles={CONTAIN}
            priority
            draggable={false}
          />
          {count > 1 && (
            <>
              <button
                type="button"
                onClick={() => step(-1)}
                className="absolute top-1/2 left-3 -translate-y-1/2 rounded-full bg-white/15 p-3 hover:bg-white/30"
                aria-label="Foto anterior"
              >
                <Icon name="left" className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => step(1)}
                className="absolute top-1/2 right-3 -translate-y-1/2 rounded-full bg-white/15 p-3 hover:bg-white/30"
                aria-label="Próxima foto"
              >
                <Icon name="right" className="size-6" />
              </button>
            </>
          )}
        </div>
      </div>
    </Modal>
  );
}
