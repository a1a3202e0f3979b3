// The Turnstile widget of an account form and the token it gives for one request to Supabase
// Auth. Most visitors never see it (it appears only when Turnstile wants an interaction); a token
// is good for one request, so the form asks for a fresh challenge after every attempt.
import { type ReactNode, useCallback, useState } from 'react';
import { MSG } from '../../lib/auth/messages.ts';
import { loadTurnstile, type Turnstile, turnstileConfig } from '../../lib/auth/turnstile.ts';

/** How long a submit waits for a challenge still running in the background. */
const WAIT_MS = 10_000;

type Status = 'off' | 'running' | 'interactive' | 'passed' | 'failed';

/** What to send with the request (no token with CAPTCHA off), or why it cannot be sent. */
export type Pass = { captchaToken?: string } | { problem: string };

export type Challenge = {
  /** The widget's place in the form; nothing when the site is built without CAPTCHA. */
  widget: ReactNode;
  /** The token for the next request, waiting for a challenge still under way. */
  pass(): Promise<Pass>;
  /** A new challenge: the last token went with the last request. */
  reset(): void;
};

function initialState() {
  const config = turnstileConfig();
  return {
    config,
    status: (config ? 'running' : 'off') as Status,
    token: undefined as string | undefined,
    turnstile: undefined as Turnstile | undefined,
    widgetId: undefined as string | undefined,
    /** Submits waiting for the running challenge to end. */
    waiting: new Set<() => void>(),
  };
}

export function useChallenge(): Challenge {
  // One mutable record per form: the widget's callbacks update it outside React's renders.
  const [current] = useState(initialState);

  // The widget lives as long as its element: a form may render it after its first render.
  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !current.config) return;
      const { siteKey, origin } = current.config;
      current.status = 'running';
      current.token = undefined;
      let gone = false;
      const settle = (status: Status, token?: string) => {
        current.status = status;
        current.token = token;
        for (const wake of [...current.waiting]) wake();
      };
      loadTurnstile(origin).then(
        (turnstile) => {
          if (gone) return;
          current.turnstile = turnstile;
          current.widgetId = turnstile.render(element, {
            sitekey: siteKey,
            language: 'pt-br',
            appearance: 'interaction-only',
            size: 'flexible',
            theme: 'light',
            callback: (token) => settle('passed', token),
            'error-callback': () => {
              settle('failed');
              return true;
            },
            'expired-callback': () => settle('running'),
            'before-interactive-callback': () => settle('interactive'),
          });
        },
        (error: unknown) => {
          console.error('Erro ao carregar a verificação de segurança:', error);
          settle('failed');
        },
      );
      return () => {
        gone = true;
        if (current.widgetId) current.turnstile?.remove(current.widgetId);
        current.widgetId = undefined;
      };
    },
    [current],
  );

  const pass = useCallback(async (): Promise<Pass> => {
    if (current.status === 'off') return {};
    if (current.status === 'running') {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          current.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, WAIT_MS);
        current.waiting.add(wake);
      });
    }
    if (current.status === 'passed' && current.token) return { captchaToken: current.token };
    return { problem: current.status === 'failed' ? MSG.captchaFailed : MSG.captchaPending };
  }, [current]);

  const reset = useCallback(() => {
    if (!current.turnstile || !current.widgetId) return;
    current.status = 'running';
    current.token = undefined;
    current.turnstile.reset(current.widgetId);
  }, [current]);

  const widget = current.config ? <div ref={attach} className="flex justify-center" /> : null;
  return { widget, pass, reset };
}
