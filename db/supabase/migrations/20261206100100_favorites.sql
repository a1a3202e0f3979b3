-- Visitors' favourites kept in their account: one row per account, listing kind and listing. The
-- site writes them from the browser with the visitor's own token (supabase-js), so row-level
-- security is the whole rule: each account sees, adds and removes its own rows, with a live
-- session for a write, as for the profile. Anonymous visitors keep theirs on the device and
-- nothing here. An account holds at most 100 (FAVORITES_MAX in @guia-fortim/domain, with the same
-- words). Deleting the account deletes its favourites (the foreign key's cascade).

create table public.favorites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  listing_kind public.listing_kind not null,
  listing_id uuid not null,
  created_at timestamptz not null default now(),
  primary key (user_id, listing_kind, listing_id)
);

alter table public.favorites enable row level security;

revoke all on public.favorites from public, anon, authenticated;
grant select, delete on public.favorites to authenticated;
grant insert (listing_kind, listing_id) on public.favorites to authenticated;
grant all on public.favorites to service_role;

create policy favorites_read_own on public.favorites for select to authenticated
  using (user_id = (select auth.uid()));
create policy favorites_insert_own on public.favorites for insert to authenticated
  with check (user_id = (select auth.uid()) and (select public.own_session_is_live()));
create policy favorites_delete_own on public.favorites for delete to authenticated
  using (user_id = (select auth.uid()) and (select public.own_session_is_live()));

-- The cap, counted under a lock on the account, so two saves at once cannot both take the last
-- place. A favourite that is already there is not counted again (an upsert of it passes).
create function private.favorites_cap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('favorites:' || new.user_id::text, 0)
  );
  if (
    select count(*) from public.favorites f
    where f.user_id = new.user_id
      and (f.listing_kind, f.listing_id) is distinct from (new.listing_kind, new.listing_id)
  ) >= 100 then
    raise exception using
      errcode = 'GF012',
      message = 'Você já tem 100 favoritos. Remova algum para salvar outro.';
  end if;
  return new;
end
$$;
revoke all on function private.favorites_cap() from public, anon, authenticated;

create trigger favorites_cap before insert on public.favorites
  for each row execute function private.favorites_cap();
