import {
  DEFAULT_IMAGE_STYLES,
  IMAGE_ADJUSTER,
  type ImageStyles,
  OBJECT_FITS,
  type ObjectFit,
} from '@guia-fortim/domain';
import type { CSSProperties } from 'react';

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}

/** Rounds to the slider's step so stored values are the ones the admin saw. */
function toStep(value: number, step: number): number {
  return Math.round(value / step) * step;
}

/** Any stored or typed value becomes a valid style inside the adjuster's bounds. */
export function normalizeImageStyles(input: unknown): ImageStyles {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const num = (key: string) => (typeof raw[key] === 'number' ? raw[key] : Number(raw[key]));
  const fit = raw.objectFit;
  const { position, zoom, rotation } = IMAGE_ADJUSTER;
  return {
    scale: Number(
      toStep(
        clamp(num('scale'), zoom.min, zoom.max, DEFAULT_IMAGE_STYLES.scale),
        zoom.step,
      ).toFixed(1),
    ),
    rotate: toStep(
      clamp(num('rotate'), rotation.min, rotation.max, DEFAULT_IMAGE_STYLES.rotate),
      rotation.step,
    ),
    positionX: toStep(
      clamp(num('positionX'), position.min, position.max, DEFAULT_IMAGE_STYLES.positionX),
      position.step,
    ),
    positionY: toStep(
      clamp(num('positionY'), position.min, position.max, DEFAULT_IMAGE_STYLES.positionY),
      position.step,
    ),
    objectFit: OBJECT_FITS.includes(fit as ObjectFit)
      ? (fit as ObjectFit)
      : DEFAULT_IMAGE_STYLES.objectFit,
  };
}

/** The CSS an <img> gets on the public card and in the panel's live preview. */
export function imageStyleCss(styles: ImageStyles): CSSProperties {
  return {
    objectFit: styles.objectFit,
    objectPosition: `${styles.positionX}% ${styles.positionY}%`,
    transform: `scale(${styles.scale}) rotate(${styles.rotate}deg)`,
  };
}
