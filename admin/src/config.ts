// Runtime configuration: one panel build serves every environment. The panel reads
// /admin/config.json once before it renders (main.tsx); whoever serves the panel writes that file
// — the local origin from the running stack, `npm run dev`'s origin, `npm run deploy` next to the
// built panel.

export type PanelConfig = {
  supabaseUrl: string;
  publishableKey: string;
  /** The worker's origin; empty means the same origin as the panel. */
  apiUrl: string;
};

/** The public site: the panel is served under its /admin/. */
export const LOGIN_PATH = '/auth/login';
export const CONFIG_PATH = '/admin/config.json';

/** A configuration problem, told in Portuguese to whoever opens the panel. */
export class PanelConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PanelConfigError';
  }
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Checks the file's content; every problem is listed at once. */
export function parsePanelConfig(value: unknown): PanelConfig {
  const data = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (!isHttpUrl(data.supabaseUrl)) problems.push('supabaseUrl precisa ser um endereço http(s)');
  if (typeof data.publishableKey !== 'string' || !data.publishableKey.trim()) {
    problems.push('publishableKey não foi definida');
  }
  if (data.apiUrl !== '' && !isHttpUrl(data.apiUrl)) {
    problems.push('apiUrl precisa ser um endereço http(s) ou vazio (mesma origem)');
  }
  if (problems.length > 0) {
    throw new PanelConfigError(
      `A configuração do painel (${CONFIG_PATH}) é inválida: ${problems.join('; ')}.`,
    );
  }
  return {
    supabaseUrl: String(data.supabaseUrl).replace(/\/$/, ''),
    publishableKey: String(data.publishableKey).trim(),
    apiUrl: String(data.apiUrl).replace(/\/$/, ''),
  };
}

let current: PanelConfig | null = null;

/** Fetches and checks the configuration, then keeps it for panelConfig(). */
export async function loadPanelConfig(url: string = CONFIG_PATH): Promise<PanelConfig> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    throw new PanelConfigError(
      `Não foi possível baixar a configuração do painel (${CONFIG_PATH}). Verifique sua conexão e recarregue a página.`,
    );
  }
  if (!response.ok) {
    throw new PanelConfigError(
      `A configuração do painel (${CONFIG_PATH}) não foi encontrada (HTTP ${response.status}).`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    throw new PanelConfigError(`A configuração do painel (${CONFIG_PATH}) não é um JSON válido.`);
  }
  current = parsePanelConfig(body);
  return current;
}

/** Sets the configuration directly (component tests, which reach no server). */
export function setPanelConfig(config: PanelConfig): void {
  current = parsePanelConfig(config);
}

/** The loaded configuration; the panel's modules are imported only after it is loaded. */
export function panelConfig(): PanelConfig {
  if (!current) throw new PanelConfigError('A configuração do painel ainda não foi carregada.');
  return current;
}
