// Whether short interface texts fit where they are drawn, on a narrow phone: a button's or a
// link's label neither cut off nor broken inside a word (the site lets long words of listing text
// break anywhere, so a label squeezed too narrow breaks mid-word rather than overflowing), and a
// field's placeholder or typed text wide enough to be read whole.
import type { Locator } from '@playwright/test';

/**
 * The visible labels (`labels`: buttons and links unless told) and fields in `scope` whose text
 * does not fit, described as `'Atualizar': quebrada no meio de 'Atualizar'` — none when all fit.
 */
export async function textsThatDoNotFit(scope: Locator, labels = 'button, a'): Promise<string[]> {
  return scope.evaluateAll((roots, selector) => {
    const problems: string[] = [];
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };
    const canvas = document.createElement('canvas').getContext('2d');
    /** Width of `text` drawn in `element`'s font. */
    const textWidth = (element: Element, text: string) => {
      if (!canvas) return 0;
      canvas.font = getComputedStyle(element).font;
      return canvas.measureText(text).width;
    };
    const all = (query: string) => roots.flatMap((root) => [...root.querySelectorAll(query)]);
    for (const label of all(selector).filter(shown)) {
      const name = label.textContent?.trim().replace(/\s+/g, ' ') ?? '';
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`'${name}': cortado`);
      if (label.getBoundingClientRect().right > document.documentElement.clientWidth + 1) {
        problems.push(`'${name}': passa da borda da tela`);
      }
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !shown(parent)) continue;
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) problems.push(`'${name}': quebrada no meio de '${word[0]}'`);
        }
      }
    }
    const fields = (all('input') as HTMLInputElement[]).filter(shown);
    for (const field of fields) {
      const style = getComputedStyle(field);
      const room =
        field.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight);
      for (const [what, text] of [
        ['texto de exemplo', field.placeholder],
        ['texto digitado', field.value],
      ] as const) {
        if (text && textWidth(field, text) > room) {
          problems.push(`'${text}' (${what}) não cabe em ${Math.round(room)} px`);
        }
      }
    }
    return problems;
  }, labels);
}

/** Whether the page scrolls sideways (something wider than the screen). */
export function scrollsSideways(scope: Locator): Promise<boolean> {
  return scope.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
}
