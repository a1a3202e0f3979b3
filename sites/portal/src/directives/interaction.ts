// client:interaction — an island whose HTML is complete without JavaScript (the list pages'
// filters and cards, a listing's gallery) is hydrated when the visitor first uses the page: a
// touch, a mouse movement, a key, the wheel, or focus inside it. A phone that only opens and reads
// the page never downloads nor runs React. `{ ifQuery: true }` hydrates at once when the address
// has a query (a shared filtered view must show its filter).
//
// What the visitor does before the island is ready is not lost: a plain click inside it is held
// and replayed once React listens (so the first tap on a card opens its dialog), the pointer's
// press and release around it too (so the first swipe on a photo carousel is a swipe, not a tap),
// and a field changed meanwhile (text typed, an option chosen) is handed to React as a change.
import type { Directive } from './directive.ts';

export type InteractionOptions = { ifQuery?: boolean };

const PAGE_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel'] as const;
const FIELD_EVENTS = ['input', 'change'] as const;
const POINTER_EVENTS = ['pointerdown', 'pointerup'] as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const interaction: Directive<InteractionOptions> = (load, options, el) => {
  const { ifQuery } = options.value || {};
  let started = false;
  let heldClick: HTMLElement | null = null;
  // The first press and its release inside the island, while it was not listening.
  const heldPointer: { target: EventTarget; init: PointerEventInit; type: string }[] = [];
  const changed = new Set<Field>();

  const holdClick = (event: MouseEvent) => {
    // A click that asks for a new tab keeps its native meaning.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    // Clicked again later: an icon's SVG has no click(), so the HTML element around it is.
    let target = event.target as Element | null;
    while (target && !(target instanceof HTMLElement)) target = target.parentElement;
    heldClick = target;
    void start();
  };
  const noteChange = (event: Event) => {
    if (isField(event.target)) changed.add(event.target);
  };
  const notePointer = (event: PointerEvent) => {
    if (event.type === 'pointerdown' && heldPointer.length > 0) return;
    if (event.type === 'pointerup' && heldPointer.length !== 1) return;
    const { pointerId, pointerType, clientX, clientY, button, buttons, isPrimary } = event;
    heldPointer.push({
      target: event.target as EventTarget,
      type: event.type,
      init: { bubbles: true, pointerId, pointerType, clientX, clientY, button, buttons, isPrimary },
    });
  };

  async function start() {
    if (started) return;
    started = true;
    for (const name of PAGE_EVENTS) window.removeEventListener(name, start, true);
    el.removeEventListener('focusin', start);
    const hydrate = await load();
    await hydrate();
    el.removeEventListener('click', holdClick, true);
    for (const name of FIELD_EVENTS) el.removeEventListener(name, noteChange, true);
    for (const name of POINTER_EVENTS) el.removeEventListener(name, notePointer, true);
    for (const field of changed) replayChange(field);
    for (const { target, type, init } of heldPointer) {
      target.dispatchEvent(new PointerEvent(type, init));
    }
    heldClick?.click();
  }

  el.addEventListener('click', holdClick, true);
  for (const name of FIELD_EVENTS) el.addEventListener(name, noteChange, true);
  for (const name of POINTER_EVENTS) el.addEventListener(name, notePointer, true);
  if (ifQuery && location.search.length > 1) {
    void start();
    return;
  }
  const passive = { capture: true, passive: true };
  for (const name of PAGE_EVENTS) window.addEventListener(name, start, passive);
  el.addEventListener('focusin', start);
};

/** React reads a text field's value when it hydrates it and reports only later changes: present
 * what was typed before as a change from the empty field. A select reports every 'change'. */
function replayChange(field: Field) {
  const value = field.value;
  // An event React handles at once makes it finish hydrating, so the field is now tracked.
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (!(field instanceof HTMLSelectElement)) {
    field.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

export default interaction;
