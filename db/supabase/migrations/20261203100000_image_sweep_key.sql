-- The photo sweep runs on its own schedule (the API worker's Cron Trigger), with no admin at work
-- and so no admin's token. It needs to ask one thing of the database: which of the photos it found
-- in the bucket nothing shows or may show again. It asks with its own key, as the listing
-- statistics write with theirs (20261128100000_listing_stats.sql): the worker holds the key as a
-- secret (IMAGE_SWEEP_KEY), the database only its SHA-256, and the key allows that one question,
-- about the addresses the worker sends, and nothing else — no service key in the worker.
--
-- The same shape as the ingest key, beside it rather than in one table of keys by purpose: one
-- shared table would mean restating record_listing_events and set_stats_ingest_key in this
-- migration to read it, changing a deployed function for no behaviour; each purpose keeps one
-- row, set by the operator, and the hash function is the statistics' own.

create table private.image_sweep_keys (
  key_hash text primary key,
  created_at timestamptz not null default now()
);

-- The operator sets it (service role; `npm run deploy` does it and gives the same key to the
-- worker). A new key replaces the old one.
create function public.set_image_sweep_key(p_key text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'Apenas o operador pode definir a chave da varredura de fotos.';
  end if;
  if p_key is null or length(p_key) < 32 then
    raise exception using errcode = '22023', message = 'A chave da varredura de fotos deve ter pelo menos 32 caracteres.';
  end if;
  -- one key at a time, even when two operators set one at once
  lock table private.image_sweep_keys in share row exclusive mode;
  delete from private.image_sweep_keys where true;
  insert into private.image_sweep_keys (key_hash) values (private.stats_key_hash(p_key));
end;
$$;

-- Of the photo addresses given (every size and format of the photos of one page of the bucket),
-- the ones nothing references: the same meaning as referenced_images — live rows, active or not,
-- rows in the trash, and the history of rows that still exist (private.image_references). So the
-- worker never downloads every reference, only the answer about its own page. At most 1000
-- addresses a call; a missing or wrong key, or a batch that is not a list of at most 1000
-- addresses, is refused and nothing is read. It only reads: nothing changes either way.
create function public.unreferenced_images(p_key text, p_urls text[])
returns text[]
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_key is null
    or not exists (
      select 1 from private.image_sweep_keys k where k.key_hash = private.stats_key_hash(p_key)
    )
  then
    raise exception using errcode = '42501', message = 'Chave da varredura de fotos inválida.';
  end if;
  if p_urls is null or coalesce(array_length(p_urls, 1), 0) > 1000 then
    raise exception using errcode = '22023', message = 'Lote de fotos inválido.';
  end if;
  return coalesce(
    (
      select array_agg(u.url order by u.url)
      from (
        select x from unnest(p_urls) x where x is not null
        except
        select r from private.image_references() r
      ) u (url)
    ),
    '{}'
  );
end;
$$;

-- Access ------------------------------------------------------------------------------------------

revoke all on table private.image_sweep_keys from public, anon, authenticated, service_role;
revoke all on function public.set_image_sweep_key(text) from public, anon, authenticated;
grant execute on function public.set_image_sweep_key(text) to service_role;
-- The worker calls it with the publishable key only (anon); the key is the check.
revoke all on function public.unreferenced_images(text, text[]) from public;
grant execute on function public.unreferenced_images(text, text[]) to anon, authenticated, service_role;
