import {
  DEFAULT_IMAGE_STYLES,
  type ImageStyles,
  isLink,
  MESSAGES,
  SLIDE_DEFAULT_LINK,
} from '@guia-fortim/domain';

export interface SlideForm {
  title: string;
  subtitle: string;
  image_url: string;
  link: string;
  order_position: string;
  is_active: boolean;
  image_styles: ImageStyles;
}

export function newSlideForm(slideCount: number): SlideForm {
  return {
    title: '',
    subtitle: '',
    image_url: '',
    link: SLIDE_DEFAULT_LINK,
    order_position: String(slideCount + 1),
    is_active: true,
    image_styles: { ...DEFAULT_IMAGE_STYLES },
  };
}

/** Save stays disabled until title, subtitle, image and link are all present. */
export function slideFormReady(form: SlideForm): boolean {
  return [form.title, form.subtitle, form.image_url, form.link].every((v) => v.trim() !== '');
}

/** Deviation: only site paths or http(s) URLs, never `javascript:`. */
export function isAllowedSlideLink(link: string): boolean {
  return isLink(link.trim());
}

/** The problem that stops saving a complete form, or null. */
export function slideFormProblem(form: SlideForm): string | null {
  if (!isAllowedSlideLink(form.link)) return MESSAGES.slideLink;
  const order = Number(form.order_position);
  if (!Number.isInteger(order) || order < 1) return MESSAGES.slideOrder;
  return null;
}

/** The last slide cannot be deleted. */
export function canDeleteSlide(slideCount: number): boolean {
  return slideCount > 1;
}
