// A long text that changed, shown as the part that changed: the changed words on each side with a
// little of the unchanged text around them, cut with an ellipsis. A cut at a fixed length would
// hide an edit near the end of a long description, and both sides would look the same.

/** Texts up to this long are shown whole. */
export const WHOLE_TEXT_MAX = 80;
/** Characters of unchanged text shown before and after the change (whole words only). */
const CONTEXT = 30;
/** The changed part itself, on each side, is cut (at a word) past this many characters. */
const CHANGED_MAX = 60;

const isSpace = (character: string | undefined) => character !== undefined && /\s/.test(character);

/** Whether `index` falls between words (or at either end), not inside one. */
const atBoundary = (text: string, index: number) =>
  index <= 0 || index >= text.length || isSpace(text[index - 1]) || isSpace(text[index]);

/** `index`, or back to the start of the word it falls inside. */
function boundaryAtOrBefore(text: string, index: number): number {
  let at = index;
  while (!atBoundary(text, at)) at--;
  return at;
}

/** `index`, or forward to the end of the word it falls inside. */
function boundaryAtOrAfter(text: string, index: number): number {
  let at = index;
  while (!atBoundary(text, at)) at++;
  return at;
}

/** At most `max` characters from the start, cut between words when it can be. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = boundaryAtOrBefore(text, max);
  return `${text.slice(0, end > 0 ? end : max).trimEnd()}…`;
}

export interface TextExcerpts {
  before: string;
  after: string;
  /** Both texts whole, when an excerpt left something out. */
  whole: { before: string; after: string } | null;
}

/** What the history shows of a text that went from `before` to `after`. */
export function excerptAroundChange(before: string, after: string): TextExcerpts {
  if (before.length <= WHOLE_TEXT_MAX && after.length <= WHOLE_TEXT_MAX) {
    return { before, after, whole: null };
  }
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  // Whole words: what precedes `start` and follows the ends is the same text on both sides.
  start = boundaryAtOrBefore(before, start);
  const tail = boundaryAtOrAfter(before, endBefore) - endBefore;
  endBefore += tail;
  endAfter += tail;
  const excerpt = (text: string, end: number) => {
    const leadFrom = start <= CONTEXT ? 0 : boundaryAtOrAfter(text, start - CONTEXT);
    const lead = `${leadFrom > 0 ? '…' : ''}${text.slice(leadFrom, start).trimStart()}`;
    const changed = cutAtWord(text.slice(start, end), CHANGED_MAX);
    // A cut change ends the excerpt: what follows it is far from where it was cut.
    if (changed.endsWith('…')) return `${lead}${changed}`;
    const trailTo =
      text.length - end <= CONTEXT ? text.length : boundaryAtOrBefore(text, end + CONTEXT);
    const trail = text.slice(end, trailTo).trimEnd();
    return `${lead}${changed}${trail}${trailTo < text.length ? '…' : ''}`;
  };
  return {
    before: excerpt(before, endBefore),
    after: excerpt(after, endAfter),
    whole: { before, after },
  };
}
