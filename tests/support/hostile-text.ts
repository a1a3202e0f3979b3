// A corpus of hostile text for the security suite: markup and script that would run if any page
// rendered user text as HTML (each one calls window.__pwned(id) or opens an alert, so a test can
// prove nothing ran), URLs with dangerous schemes, entities, SQL fragments, bidirectional and
// zero-width characters, emoji, and strings at the longest lengths the schemas allow.
import { TEXT_LIMITS } from '@guia-fortim/domain';

/** The function every executable payload calls; the suite exposes it to record calls. */
export const PWNED = '__pwned';

export type Payload = { id: string; text: string };

export const HOSTILE_PAYLOADS: readonly Payload[] = [
  { id: 'script-tag', text: `<script>window.${PWNED}('script-tag')</script>` },
  { id: 'img-onerror', text: `"><img src=x onerror="window.${PWNED}('img-onerror')">` },
  { id: 'single-quote-autofocus', text: `' autofocus onfocus=window.${PWNED}('sq-focus') x='` },
  { id: 'double-quote-autofocus', text: `" autofocus onfocus="window.${PWNED}('dq-focus')" x="` },
  { id: 'svg-onload', text: `<svg/onload=window.${PWNED}('svg-onload')>` },
  { id: 'alert', text: `<img src=x onerror=alert('pwned')>` },
  { id: 'javascript-url', text: `javascript:window.${PWNED}('javascript-url')` },
  {
    id: 'data-url',
    text: 'data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX19wd25lZCgnZGF0YS11cmwnKTwvc2NyaXB0Pg==',
  },
  { id: 'anchor', text: `<a href="javascript:window.${PWNED}('anchor')">clique</a>` },
  {
    id: 'iframe',
    text: `<iframe srcdoc="<script>parent.${PWNED}('iframe')</script>"></iframe>`,
  },
  { id: 'script-breakout', text: `</script><script>window.${PWNED}('breakout')</script>` },
  {
    id: 'entities',
    text: `&lt;script&gt;window.${PWNED}('entity')&lt;/script&gt; &#x3C;b&#x3E; &amp;amp; &#60;i&#62;`,
  },
  { id: 'template', text: `{{constructor.constructor('${PWNED}(1)')()}} \${${PWNED}(2)}` },
  { id: 'markdown', text: `[clique](javascript:window.${PWNED}('markdown'))` },
  { id: 'sql-drop', text: `'; DROP TABLE hospedagens; --` },
  { id: 'sql-or', text: `" OR 1=1 -- ` },
  { id: 'rtl-override', text: 'Pousada \u202Egpj.exe\u202C \u200FNome\u200E' },
  { id: 'zero-width', text: 'Po\u200Bu\u200Cs\u200Da\u2060da\u00AD' },
  { id: 'emoji', text: '🏖️🌴 👨‍👩‍👧‍👦 🇧🇷 🤙🏽' },
] as const;

/**
 * As many payloads as fit in `max` characters, joined by spaces, starting at `offset` (so fields
 * of one row start with different payloads). At least the first one, cut to `max`.
 */
export function packed(max: number, offset = 0): string {
  const rotated = [
    ...HOSTILE_PAYLOADS.slice(offset % HOSTILE_PAYLOADS.length),
    ...HOSTILE_PAYLOADS.slice(0, offset % HOSTILE_PAYLOADS.length),
  ];
  let value = '';
  for (const { text } of rotated) {
    const next = value ? `${value} ${text}` : text;
    if (next.length > max) break;
    value = next;
  }
  return (value || (rotated[0]?.text ?? '').slice(0, max)).trim();
}

/**
 * One word of exactly `length` characters — code points, as the schemas and the database count
 * them — with no break opportunity, starting with an RTL override, an emoji and a zero-width space.
 */
export function longWord(length: number, seed = 'A'): string {
  return [...`\u202E🏖️${seed}\u200B${'Ç'.repeat(length)}`].slice(0, length).join('');
}

/** `count` distinct list items of exactly `length` characters. */
export function longItems(count: number, length: number): string[] {
  return Array.from({ length: count }, (_, i) => `${i}-${'W'.repeat(length)}`.slice(0, length));
}

/** The 5,000-character word of the brief (also the description's maximum). */
export const LONG_WORD_5000 = longWord(TEXT_LIMITS.description, 'L');

/** Which payloads appear in a value (for the coverage figure). */
export function payloadIdsIn(value: string): string[] {
  return HOSTILE_PAYLOADS.filter((p) => value.includes(p.text.trim())).map((p) => p.id);
}
