import type { ClientDirective } from 'astro';

/** Astro's directive signature with the value's real type: Astro passes the attribute's value
 * (an object here) although it types it as a string. '' when the attribute has no value. */
export type Directive<Value> = (
  load: Parameters<ClientDirective>[0],
  options: { name: string; value: Value | '' },
  el: HTMLElement,
) => void;
