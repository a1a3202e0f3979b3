// Committed fixture rows shared by a test file: users (with their sign-up profiles and roles),
// one listing of each kind, active and inactive categories and slides.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../../src/migrate.ts';
import { type Caller, signedIn } from './callers.ts';

export type FixtureUser = { id: string; email: string; caller: Caller };

export async function createUser(
  sql: Sql,
  username: string,
  meta: Record<string, unknown> = {},
): Promise<FixtureUser> {
  const id = randomUUID();
  const email = `${username}@teste.local`;
  await sql.query(
    `insert into auth.users (id, email, encrypted_password, email_confirmed_at, raw_user_meta_data)
     values ($1, $2, 'x', now(), $3)`,
    [id, email, JSON.stringify({ username, full_name: `Pessoa ${username}`, ...meta })],
  );
  return { id, email, caller: signedIn(id, email) };
}

export async function makeAdmin(sql: Sql, user: FixtureUser): Promise<void> {
  await sql.query(`delete from public.user_roles where user_id = $1`, [user.id]);
  await sql.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [user.id]);
}

export const VALID_ROWS = {
  hospedagens: () => ({
    name: `Pousada Teste ${randomUUID().slice(0, 8)}`,
    description: 'Pousada de teste.',
    address: 'Rua A, 1 - Fortim - CE',
    price: 200,
    phone: '5588999990000',
    image_url: '/demo/hospedagens/teste-1-hero.jpg',
    categorias: ['Pousada'],
  }),
  comercios: () => ({
    name: `Comércio Teste ${randomUUID().slice(0, 8)}`,
    description: 'Comércio de teste.',
    address: 'Rua B, 2 - Fortim - CE',
    phone: '5588999990001',
    image_url: 'https://example.com/c.jpg',
  }),
  passeios: () => ({
    name: `Passeio Teste ${randomUUID().slice(0, 8)}`,
    description: 'Passeio de teste.',
    price: 80,
    phone: '5588999990002',
    image_url: '/demo/passeios/teste-1-hero.jpg',
  }),
  categories: () => ({ name: `Categoria ${randomUUID().slice(0, 8)}`, type: 'passeio' }),
  carousel_slides: () => ({
    title: 'Slide de teste',
    subtitle: 'Subtítulo',
    image_url: '/demo/carousel/teste-1-hero.jpg',
  }),
} as const;

export type ListingTable = 'hospedagens' | 'comercios' | 'passeios';

/** Inserts a row with the given columns (as whoever the transaction currently is). */
export async function insertRow(
  sql: Sql,
  table: string,
  values: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const columns = Object.keys(values);
  const { rows } = await sql.query(
    `insert into public.${table} (${columns.join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning *`,
    Object.values(values),
  );
  const row = rows[0];
  if (!row) throw new Error(`insert em ${table} não devolveu linha`);
  return row;
}
