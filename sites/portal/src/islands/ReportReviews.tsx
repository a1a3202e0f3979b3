// 'Denunciar' on a listing page's reviews. The section is static HTML (ReviewsSection, passed in
// as children); this island is hydrated at the visitor's first touch (client:interaction, which
// replays the click that woke it) and answers a click on any review's button: signed out, it asks
// to sign in; signed in, the worker sends the review back to moderation.
import { REVIEW_MESSAGES } from '@guia-fortim/domain';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import {
  REPORT_ATTRIBUTE,
  REPORT_MESSAGE_ATTRIBUTE,
} from '../components/reviews/ReviewsSection.tsx';
import { sessionStorageKey } from '../lib/auth/session-key.ts';
import { accessToken, reportReview } from '../lib/reviews/api.ts';
import { REVIEW_TEXT } from '../lib/reviews/messages.ts';
import { readStoredUser } from '../lib/session.ts';

type Props = { supabaseUrl: string; loginHref: string; children?: ReactNode };

/** The message beside `button`, as text (a link to sign in when asked). */
function say(button: Element, text: string, link?: string) {
  const message = button.parentElement?.querySelector(`[${REPORT_MESSAGE_ATTRIBUTE}]`);
  if (!message) return;
  message.textContent = text;
  if (link) {
    const anchor = document.createElement('a');
    anchor.href = link;
    anchor.textContent = REVIEW_TEXT.signIn;
    anchor.className = 'ml-1 font-semibold text-sky-800 underline';
    message.append(' ', anchor);
  }
}

function signedIn(supabaseUrl: string): boolean {
  try {
    return readStoredUser(localStorage.getItem(sessionStorageKey(supabaseUrl))) !== null;
  } catch {
    return false;
  }
}

export default function ReportReviews({ supabaseUrl, loginHref, children }: Props) {
  const busy = useRef(new Set<string>());

  async function report(event: MouseEvent<HTMLDivElement>) {
    const button = (event.target as Element).closest<HTMLButtonElement>(`[${REPORT_ATTRIBUTE}]`);
    const id = button?.getAttribute(REPORT_ATTRIBUTE);
    if (!button || !id || button.disabled || busy.current.has(id)) return;
    const token = signedIn(supabaseUrl) ? await accessToken().catch(() => null) : null;
    if (!token) {
      say(button, REVIEW_TEXT.reportSignedOut, loginHref);
      return;
    }
    busy.current.add(id);
    button.disabled = true;
    const result = await reportReview(token, id);
    busy.current.delete(id);
    if (result.ok) {
      say(button, REVIEW_MESSAGES.reported);
      return;
    }
    button.disabled = false;
    say(button, result.message);
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the clicks are the buttons' inside it
    // biome-ignore lint/a11y/useKeyWithClickEvents: a button's Enter and Space click it
    <div onClick={report}>{children}</div>
  );
}
