-- The version of what the public site shows: one number that every change to its data raises
-- (listings, slides, categories, site settings), in the same transaction, so it is visible exactly
-- when the change is. The site reads it, as the anonymous visitor, before it reads the data: a page
-- made from that read shows at least that version. A full build and every page the site Worker
-- renders on its own record the version they read, and the site serves the newer one — never an
-- older page over a newer save, never a rendered page over a newer build.
-- The trigger runs before each statement: every writer takes the one row's lock before any row
-- of its own, so two transactions never wait on each other in opposite orders.

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

do $$
declare
  t text;
begin
  foreach t in array array[
    'hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides', 'site_settings'
  ]
  loop
    execute format(
      'create trigger bump_site_version before insert or update or delete or truncate on public.%I '
      'for each statement execute function private.bump_site_version()',
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
