/// <reference lib="dom" />
// The browser half of the local Turnstile (turnstile.ts): `window.turnstile` as api.js defines it,
// and the challenge page its widgets frame. Each function is sent to the browser as its own
// source text, so everything it uses lives inside it.

/** What a test sitekey does (Cloudflare's table, turnstile.ts). */
export type SitekeyBehaviour = { outcome: 'pass' | 'fail' | 'interactive'; visible: boolean };

/** What a challenge frame tells its widget. */
type FrameEvent =
  | { event: 'success'; token: string }
  | { event: 'error'; code: string }
  | { event: 'interactive' };
type FrameMessage = { widget: string } & FrameEvent;

/**
 * `/turnstile/v0/api.js`: explicit rendering (`render`, `reset`, `remove`, `getResponse`;
 * `?onload=` names a function to call once they are defined). Each widget
 * frames `/turnstile/v0/challenge` from the script's own origin, as Turnstile frames
 * challenges.cloudflare.com, so a page needs that origin in `script-src` and `frame-src`.
 */
export function turnstileApi(behaviours: Record<string, SitekeyBehaviour>) {
  type Params = {
    sitekey?: string;
    callback?: (token: string) => void;
    'error-callback'?: (code: string) => unknown;
    'expired-callback'?: () => void;
    'before-interactive-callback'?: () => void;
    'after-interactive-callback'?: () => void;
    appearance?: 'always' | 'execute' | 'interaction-only';
    language?: string;
    size?: 'normal' | 'flexible' | 'compact';
    retry?: 'auto' | 'never';
    'retry-interval'?: number;
    'refresh-expired'?: 'auto' | 'manual' | 'never';
    'response-field'?: boolean;
    'response-field-name'?: string;
  };
  type Widget = {
    id: string;
    container: Element;
    params: Params;
    box: HTMLDivElement;
    frame: HTMLIFrameElement;
    input: HTMLInputElement | null;
    token: string | undefined;
    interactive: boolean;
    timer: ReturnType<typeof setTimeout> | undefined;
  };
  /** Tokens are valid for 300 seconds (Cloudflare's server-side validation page). */
  const TOKEN_SECONDS = 300;
  const SIZES = {
    normal: ['300px', '65px'],
    flexible: ['100%', '65px'],
    compact: ['150px', '140px'],
  };

  const script = document.currentScript as HTMLScriptElement | null;
  if (!script) throw new Error('[Cloudflare Turnstile] api.js precisa ser carregado por <script>.');
  const source = new URL(script.src);
  const widgets = new Map<string, Widget>();
  let rendered = 0;
  let runs = 0;

  function find(target?: string | Element): Widget | undefined {
    if (target === undefined) return widgets.values().next().value;
    if (typeof target === 'string' && widgets.has(target)) return widgets.get(target);
    const element = typeof target === 'string' ? document.querySelector(target) : target;
    return [...widgets.values()].find((widget) => widget.container === element);
  }

  function show(widget: Widget) {
    const visible =
      behaviours[widget.params.sitekey ?? '']?.visible !== false &&
      (widget.params.appearance !== 'interaction-only' || widget.interactive);
    widget.box.style.display = visible ? 'block' : 'none';
  }

  function later(widget: Widget, seconds: number, then: () => void) {
    clearTimeout(widget.timer);
    widget.timer = setTimeout(then, seconds * 1000);
  }

  function run(widget: Widget) {
    clearTimeout(widget.timer);
    widget.token = undefined;
    widget.interactive = false;
    if (widget.input) widget.input.value = '';
    show(widget);
    runs += 1;
    const query = new URLSearchParams({
      sitekey: widget.params.sitekey ?? '',
      widget: widget.id,
      parent: location.origin,
      language: widget.params.language ?? 'auto',
      run: String(runs),
    });
    widget.frame.src = `${source.origin}/turnstile/v0/challenge?${query}`;
  }

  window.addEventListener('message', (event: MessageEvent<FrameMessage>) => {
    if (event.origin !== source.origin) return;
    const widget = widgets.get(event.data?.widget);
    if (!widget || event.source !== widget.frame.contentWindow) return;
    const { params } = widget;
    const message = event.data;
    if (message.event === 'interactive') {
      widget.interactive = true;
      show(widget);
      params['before-interactive-callback']?.();
    } else if (message.event === 'success') {
      if (widget.interactive) params['after-interactive-callback']?.();
      widget.token = message.token;
      if (widget.input) widget.input.value = message.token;
      params.callback?.(message.token);
      later(widget, TOKEN_SECONDS, () => {
        widget.token = undefined;
        if (widget.input) widget.input.value = '';
        params['expired-callback']?.();
        if ((params['refresh-expired'] ?? 'auto') === 'auto') run(widget);
      });
    } else {
      if (params.retry !== 'never') {
        later(widget, (params['retry-interval'] ?? 8000) / 1000, () => run(widget));
      }
      // As documented: without an error callback the error is thrown; a callback that returns a
      // falsy value leaves a warning in the console.
      const handle = params['error-callback'];
      if (!handle) throw new Error(`[Cloudflare Turnstile] Error: ${message.code}.`);
      if (!handle(message.code)) console.warn(`[Cloudflare Turnstile] Error: ${message.code}.`);
    }
  });

  const turnstile = {
    render(container: string | Element, params: Params): string {
      const element = typeof container === 'string' ? document.querySelector(container) : container;
      if (!element) throw new Error(`[Cloudflare Turnstile] Elemento não encontrado: ${container}`);
      if (typeof params?.sitekey !== 'string' || params.sitekey === '') {
        throw new Error('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey"');
      }
      rendered += 1;
      const id = `cf-chl-widget-${rendered}`;
      const box = document.createElement('div');
      const frame = document.createElement('iframe');
      const [width, height] = SIZES[params.size ?? 'normal'];
      frame.title = 'Widget containing a Cloudflare security challenge';
      frame.style.cssText = `border:none;overflow:hidden;width:${width};height:${height};${params.size === 'flexible' ? 'min-width:300px;' : ''}`;
      box.append(frame);
      element.append(box);
      let input: HTMLInputElement | null = null;
      if (params['response-field'] !== false) {
        input = document.createElement('input');
        input.type = 'hidden';
        input.name = params['response-field-name'] ?? 'cf-turnstile-response';
        input.id = `${id}_response`;
        element.append(input);
      }
      const widget: Widget = {
        id,
        container: element,
        params,
        box,
        frame,
        input,
        token: undefined,
        interactive: false,
        timer: undefined,
      };
      widgets.set(id, widget);
      run(widget);
      return id;
    },
    reset(target?: string | Element) {
      const widget = find(target);
      if (widget) run(widget);
    },
    remove(target?: string | Element) {
      const widget = find(target);
      if (!widget) return;
      clearTimeout(widget.timer);
      widget.box.remove();
      widget.input?.remove();
      widgets.delete(widget.id);
    },
    getResponse(target?: string | Element): string | undefined {
      return find(target)?.token;
    },
  };
  (window as unknown as { turnstile: typeof turnstile }).turnstile = turnstile;
  const onload = source.searchParams.get('onload');
  if (onload) (window as unknown as Record<string, (() => void) | undefined>)[onload]?.();
}

/**
 * `/turnstile/v0/challenge`: the framed challenge. Passing sitekeys hand over the dummy token at
 * once, failing ones the error code of a failed challenge, the interactive one a checkbox first;
 * any other sitekey is unknown here (Cloudflare's error for an invalid sitekey).
 */
export function challengeFrame(behaviours: Record<string, SitekeyBehaviour>, token: string) {
  const query = new URLSearchParams(location.search);
  const widget = query.get('widget') ?? '';
  const language = (query.get('language') ?? 'auto').toLowerCase();
  const portuguese = (language === 'auto' ? navigator.language.toLowerCase() : language).startsWith(
    'pt',
  );
  const text = portuguese
    ? { verify: 'Confirme que é humano', success: 'Sucesso!', failure: 'Falha!', invalid: 'Erro' }
    : {
        verify: 'Verify you are human',
        success: 'Success!',
        failure: 'Failure!',
        invalid: 'Error',
      };
  const post = (message: FrameEvent) =>
    window.parent.postMessage({ widget, ...message }, query.get('parent') ?? '/');
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  document.body.append(status);

  const behaviour = behaviours[query.get('sitekey') ?? ''];
  if (!behaviour) {
    status.textContent = text.invalid;
    post({ event: 'error', code: '110100' });
  } else if (behaviour.outcome === 'pass') {
    status.textContent = text.success;
    post({ event: 'success', token });
  } else if (behaviour.outcome === 'fail') {
    status.textContent = text.failure;
    post({ event: 'error', code: '600010' });
  } else {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    label.append(box, ` ${text.verify}`);
    document.body.prepend(label);
    box.addEventListener('change', () => {
      if (!box.checked) return;
      box.disabled = true;
      status.textContent = text.success;
      post({ event: 'success', token });
    });
    post({ event: 'interactive' });
  }
}
