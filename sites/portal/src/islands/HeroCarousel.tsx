// Home hero: the active slides in order, fading over 700 ms, advancing every 4 s, paused while
// the pointer is over it (and by its pause button, or when the visitor asks for reduced motion).
// Only the first slide's photo is in the HTML; each next one is fetched halfway to its turn.
import { CAROUSEL_FADE_MS, CAROUSEL_INTERVAL_MS, type CarouselSlide } from '@guia-fortim/db';
import { useEffect, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import { ListingImage } from '../components/ListingImage.tsx';

export type HeroSlide = Pick<
  CarouselSlide,
  'id' | 'title' | 'subtitle' | 'image_url' | 'link' | 'image_styles'
>;

export default function HeroCarousel({ slides }: { slides: HeroSlide[] }) {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [loaded, setLoaded] = useState<ReadonlySet<number>>(() => new Set([0]));
  const count = slides.length;

  useEffect(() => {
    if (matchMedia('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (count < 2) return;
    const next = (current + 1) % count;
    // The next photo is fetched halfway through, well after the first one has been drawn.
    const preload = setTimeout(
      () => setLoaded((seen) => (seen.has(next) ? seen : new Set([...seen, next]))),
      CAROUSEL_INTERVAL_MS / 2,
    );
    const advance =
      hovered || stopped ? undefined : setTimeout(() => setCurrent(next), CAROUSEL_INTERVAL_MS);
    return () => {
      clearTimeout(preload);
      clearTimeout(advance);
    };
  }, [current, hovered, stopped, count]);

  return (
    <section
      aria-roledescription="carrossel"
      aria-label="Destaques de Fortim"
      className="relative h-[calc(100svh-4rem)] min-h-[26rem] overflow-hidden bg-mar-escuro text-white"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      {slides.map((slide, index) => {
        const active = index === current;
        return (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} de ${count}`}
            aria-hidden={!active}
            inert={!active}
            className={`absolute inset-0 transition-opacity ${active ? 'opacity-100' : 'opacity-0'}`}
            style={{ transitionDuration: `${CAROUSEL_FADE_MS}ms` }}
          >
            {(active || loaded.has(index)) && (
              <ListingImage
                url={slide.image_url}
                alt=""
                variant="hero"
                sizes="100vw"
                styles={slide.image_styles}
                priority={index === 0}
                className="absolute inset-0"
              />
            )}
            <div className="absolute inset-0 bg-gradient-to-t from-slate-950/85 via-slate-950/45 to-slate-950/25" />
            <div className="relative mx-auto flex h-full max-w-5xl flex-col items-center justify-center gap-5 px-6 text-center">
              <h2 className="text-4xl font-bold text-balance drop-shadow md:text-6xl">
                {slide.title}
              </h2>
              <p className="max-w-2xl text-lg text-balance text-white drop-shadow md:text-xl">
                {slide.subtitle}
              </p>
              <a
                href={slide.link}
                className="rounded-lg bg-areia px-6 py-3 font-semibold text-slate-900 shadow-lg hover:bg-white"
              >
                Saiba Mais<span className="sr-only">: {slide.title}</span>
              </a>
            </div>
          </div>
        );
      })}
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 flex items-center justify-center gap-3">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => setCurrent(index)}
              aria-label={`Ir para o slide ${index + 1}: ${slide.title}`}
              aria-current={index === current}
              className="flex size-6 items-center justify-center"
            >
              <span
                className={`block h-3 rounded-full transition-all ${
                  index === current ? 'w-8 bg-white' : 'w-3 bg-white/60'
                }`}
              />
            </button>
          ))}
          <button
            type="button"
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? 'Retomar carrossel' : 'Pausar carrossel'}
            className="ml-2 rounded-full bg-black/40 p-1.5 hover:bg-black/60"
          >
            <Icon name={stopped ? 'play' : 'pause'} className="size-4" />
          </button>
        </div>
      )}
    </section>
  );
}
