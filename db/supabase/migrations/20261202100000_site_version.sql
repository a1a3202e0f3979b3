-- The version of what the public site shows: one number that every change to its data raises
-- (listings, slides, categories, site settings), in the same transaction, so it is visible exactly
-- when the change is. The site reads it, as the anonymous visitor, before it reads the data: a page
-- made from that read shows at least that version. A full build and every page the site Worker
-- renders on its own record the version they read, and the site serves the newer one — never an
-- older page over a newer save, never a rendered page over a newer build.

create table private.site_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null default 0
);
insert into private.site_version default values;
revoke all on private.site_version from public, anon, authenticated, service_role;

create function private.bump_site_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update private.site_version set version = version + 1;
  return null;
end
$$;
revoke all on function private.bump_site_version() from public, anon, authenticated, service_role;

-- Raised at commit, once per row changed (a deferred constraint trigger): the one row is locked
-- only when the transaction has nothing left to wait for, so it never waits on the counter while
-- holding rows another writer waits on (raised as each statement ran, two transactions that lock
-- listings in turn — reordering, restoring — deadlocked on it). A statement that changes no row
-- raises nothing.
do $$
declare
  t text;
begin
  foreach t in array array[
    'hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides', 'site_settings'
  ]
  loop
    execute format(
      'create constraint trigger bump_site_version after insert or update or delete '
      'on public.%I deferrable initially deferred '
      'for each row execute function private.bump_site_version()',
      t
    );
  end loop;
end
$$;

create function public.site_version()
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select version from private.site_version
$$;
revoke all on function public.site_version() from public;
grant execute on function public.site_version() to anon, authenticated, service_role;
