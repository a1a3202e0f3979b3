// The home hero's behaviour, in plain DOM code over the markup HeroCarousel.astro renders (the
// page needs no React for it): every 4 s the next slide fades in; the rotation waits while the
// pointer is over the hero or keyboard focus is inside it, while stopped by the pause button, and
// from the start when the visitor asks for reduced motion. Only the first slide's photo is in the
// page; each next one comes out of its <template> halfway to its turn (or when its dot is used).
// The interval comes from the markup (data-interval): with no import, Astro inlines this script
// into the page, so the home page makes no script request before its first paint.

export const CAROUSEL_TOGGLE_LABEL = { pause: 'Pausar carrossel', resume: 'Retomar carrossel' };

export function startHeroCarousel(root: HTMLElement): void {
  const slides = [...root.querySelectorAll<HTMLElement>('[data-slide]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-slide-dot]')];
  const toggle = root.querySelector<HTMLButtonElement>('[data-carousel-toggle]');
  const icons = [...root.querySelectorAll<HTMLElement>('[data-toggle-icon]')];
  const count = slides.length;
  const interval = Number(root.dataset.interval);
  if (count < 2 || !(interval > 0)) return;

  let current = 0;
  let hovered = false;
  let focused = false;
  let stopped = false;
  let advance: ReturnType<typeof setTimeout> | undefined;
  let preload: ReturnType<typeof setTimeout> | undefined;

  const reveal = (index: number) => {
    const template = slides[index]?.querySelector<HTMLTemplateElement>(
      'template[data-slide-photo]',
    );
    template?.replaceWith(template.content.cloneNode(true));
  };

  const schedule = () => {
    clearTimeout(advance);
    clearTimeout(preload);
    const next = (current + 1) % count;
    preload = setTimeout(() => reveal(next), interval / 2);
    advance = hovered || focused || stopped ? undefined : setTimeout(() => show(next), interval);
  };

  const show = (index: number) => {
    current = index;
    reveal(index);
    slides.forEach((slide, i) => {
      slide.setAttribute('aria-hidden', String(i !== index));
      slide.inert = i !== index;
    });
    dots.forEach((dot, i) => {
      dot.setAttribute('aria-current', String(i === index));
    });
    schedule();
  };

  const setStopped = (value: boolean) => {
    stopped = value;
    toggle?.setAttribute('aria-label', CAROUSEL_TOGGLE_LABEL[stopped ? 'resume' : 'pause']);
    for (const icon of icons)
      icon.hidden = icon.dataset.toggleIcon !== (stopped ? 'play' : 'pause');
    schedule();
  };

  dots.forEach((dot, i) => {
    dot.addEventListener('click', () => show(i));
  });
  toggle?.addEventListener('click', () => setStopped(!stopped));
  root.addEventListener('pointerenter', () => {
    hovered = true;
    schedule();
  });
  root.addEventListener('pointerleave', () => {
    hovered = false;
    schedule();
  });
  // Only keyboard focus counts: a dot clicked with the mouse keeps focus without pausing.
  root.addEventListener('focusin', (event) => {
    focused = event.target instanceof Element && event.target.matches(':focus-visible');
    schedule();
  });
  root.addEventListener('focusout', (event) => {
    if (event.relatedTarget instanceof Node && root.contains(event.relatedTarget)) return;
    focused = false;
    schedule();
  });

  setStopped(matchMedia('(prefers-reduced-motion: reduce)').matches);
}
