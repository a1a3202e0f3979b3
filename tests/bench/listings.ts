// Generated listings for the benchmarks (site build sizes, publish-to-live with 1,000 listings).
import { DEFAULT_IMAGE_STYLES } from '@guia-fortim/domain';
import type { LocalSupabase } from '@guia-fortim/local-supabase';

/**
 * Inserts `total` listings as the database owner, as evenly as possible across the three kinds,
 * numbered after the `after` listings of each kind a previous call generated.
 */
export async function generateListings(
  supabase: LocalSupabase,
  total: number,
  after = 0,
): Promise<void> {
  const [lodging = 0, business = 0, tours = 0] = [0, 1, 2].map(
    (i) => Math.floor(total / 3) + (i < total % 3 ? 1 : 0),
  );
  const styles = JSON.stringify(DEFAULT_IMAGE_STYLES);
  const common = `'Descrição gerada para medir o build: praia, rio, dunas e boa comida em Fortim.',
    '5588999110001', 4.5, '/demo/bench/foto-1-hero.jpg', '{}', '{Wi-Fi}', '${styles}'::jsonb`;
  await supabase.database.exec(`
    insert into public.hospedagens
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       address, price, categorias)
    select 'Hospedagem gerada ' || n, ${common}, 'Rua ' || n || ', Fortim - CE', 100 + n % 500, '{Pousada}'
    from generate_series(${after + 1}, ${after + lodging}) as n;
    insert into public.comercios
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       address, horario, categoria)
    select 'Comércio gerado ' || n, ${common}, 'Praça ' || n || ', Fortim - CE', '8h às 18h', 'Loja'
    from generate_series(${after + 1}, ${after + business}) as n;
    insert into public.passeios
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       price, duracao, ponto_encontro, itens_incluidos, categoria)
    select 'Passeio gerado ' || n, ${common}, 50 + n % 300, '3 horas', 'Porto', '{Água}', 'Natureza'
    from generate_series(${after + 1}, ${after + tours}) as n;
  `);
}
