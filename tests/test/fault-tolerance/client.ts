// HTTP helpers of the fault-tolerance suite: calls to the worker that report a dead peer as status
// 0 instead of throwing, accounts through db/local's Auth, service-role reads, listing payloads.
export type Reply = { status: number; body: Loose };
// biome-ignore lint/suspicious/noExplicitAny: replies are inspected field by field in assertions
type Loose = any;

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: BodyInit } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed };
  } catch {
    // The worker itself is gone (killed): no HTTP answer at all.
    return { status: 0, body: null };
  }
}

export type Session = { id: string; email: string; token: string };

async function auth(supabaseUrl: string, key: string, path: string, body: object) {
  const response = await fetch(`${supabaseUrl}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Loose;
  if (!response.ok || !json.access_token) {
    throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  }
  return { id: json.user.id as string, email: json.user.email as string, token: json.access_token };
}

export const signUp = (url: string, key: string, email: string, password: string) =>
  auth(url, key, 'signup', { email, password, data: {} });

export const signIn = (url: string, key: string, email: string, password: string) =>
  auth(url, key, 'token?grant_type=password', { email, password });

/** Rows as the service role sees them (row-level security bypassed). */
export async function rows(
  supabaseUrl: string,
  secretKey: string,
  table: string,
  query = '',
): Promise<Loose[]> {
  const response = await fetch(`${supabaseUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: secretKey },
  });
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Loose[];
}

let sequence = 0;

export function hospedagem(extra: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    name: `Pousada Maré Alta ${sequence}`,
    description: 'Um lugar tranquilo perto da praia de Pontal de Maceió.',
    address: 'Rua da Praia, 10',
    price: 350,
    phone: '+55 (88) 99999-1234',
    image_url: '/demo/praia.jpg',
    categorias: ['Pousada', 'Vista para o mar'],
    ...extra,
  };
}

export function passeio(extra: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    name: `Passeio de Buggy ${sequence}`,
    description: 'Dunas e falésias até Canoa Quebrada.',
    price: 120,
    duracao: '3 horas',
    ponto_encontro: 'Praça da Matriz',
    phone: '+55 (88) 99999-1234',
    image_url: '/demo/buggy.jpg',
    categoria: 'Aventura',
    ...extra,
  };
}

export function comercio(extra: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    name: `Café da Praia ${sequence}`,
    description: 'Tapioca e café coado na beira-mar.',
    address: 'Av. Central, 200',
    horario: '8h às 18h',
    phone: '+55 (88) 99999-1234',
    image_url: '/demo/cafe.jpg',
    categoria: 'Café',
    ...extra,
  };
}

export function slide(extra: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    title: `Bem-vindo a Fortim ${sequence}`,
    subtitle: 'Praias, dunas e o Rio Jaguaribe',
    image_url: '/demo/slide.jpg',
    link: '/passeios',
    ...extra,
  };
}

/** 0..n-1 (featured) or 1..n (pinned, slides, categories): sorted orders are exactly a range. */
export const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => from + i);

export const sortedNumbers = (values: number[]) => [...values].sort((a, b) => a - b);

export const shuffled = <T>(items: T[]): T[] =>
  items
    .map((item) => [Math.random(), item] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, item]) => item);
