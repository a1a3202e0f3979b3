-- A count's kind is a public.listing_kind, the type categories.type already has, instead of text
-- with its own CHECK of the three kinds. listing_names and listing_daily_stats (which depend on
-- the column) and listing_ranking (which returns it) are recreated as they were, their kind the
-- enum; record_listing_events casts the kind it has already filtered, so an unknown kind in a
-- batch still counts nowhere instead of refusing the batch. PostgREST returns an enum as its
-- text: the worker and the panel read the same JSON.

drop function public.listing_ranking(integer);
drop view public.listing_daily_stats;
drop view public.listing_names;

alter table public.listing_stats drop constraint listing_stats_kind_check;
alter table public.listing_stats
  alter column kind type public.listing_kind using kind::public.listing_kind;

-- The worker's flush: p_counts is an array of {kind, id, day, event, count} objects. Counts for a
-- listing that does not exist (or whose kind is not the one given), for a day outside
-- yesterday..today, of an unknown kind or event, or not between 1 and 1,000,000 count nowhere. A
-- batch that is not an array of at most 5000 objects, or whose id, day or count is not a uuid, a
-- date or an integer, is refused whole (22023) and changes nothing. Returns how many events were
-- counted.
create or replace function public.record_listing_events(p_key text, p_counts jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_counted integer := 0;
  v_today date := private.stats_today();
begin
  if p_key is null
    or not exists (
      select 1 from private.stats_ingest_keys k where k.key_hash = private.stats_key_hash(p_key)
    )
  then
    raise exception using errcode = '42501', message = 'Chave de eventos inválida.';
  end if;
  if jsonb_typeof(p_counts) is distinct from 'array'
    or jsonb_array_length(p_counts) > 5000
    or exists (select 1 from jsonb_array_elements(p_counts) e where jsonb_typeof(e) <> 'object')
  then
    raise exception using errcode = '22023', message = 'Lote de eventos inválido.';
  end if;

  begin
    -- jsonb_to_recordset converts every item before any is filtered: a value that is not a uuid,
    -- a date or an integer refuses the batch wherever it is.
    with incoming as materialized (
      select * from jsonb_to_recordset(p_counts)
        as i (kind text, id uuid, day date, event text, count integer)
    ),
    valid as (
      -- one row per key (an id is one listing's; min() only guards the primary key)
      select min(i.kind) as kind, i.id as listing_id, i.day, i.event, sum(i.count) as count
      from incoming i
      where i.event in ('view', 'whatsapp', 'map')
        and i.count between 1 and 1000000
        and i.day between v_today - 1 and v_today
        and case i.kind
          when 'hospedagem' then exists (select 1 from public.hospedagens h where h.id = i.id)
          when 'comercio' then exists (select 1 from public.comercios c where c.id = i.id)
          when 'passeio' then exists (select 1 from public.passeios p where p.id = i.id)
          else false
        end
      group by i.id, i.day, i.event
    ),
    written as (
      -- in key order, so that concurrent flushes lock rows in the same order; only the three
      -- kinds are left to cast
      insert into public.listing_stats as s (kind, listing_id, day, event, count)
      select v.kind::public.listing_kind, v.listing_id, v.day, v.event, v.count
      from valid v
      order by v.listing_id, v.day, v.event
      on conflict (listing_id, day, event) do update set count = s.count + excluded.count
      returning 1
    )
    select coalesce(sum(v.count), 0) into v_counted from valid v;
  exception
    when invalid_text_representation or datetime_field_overflow or invalid_datetime_format
      or numeric_value_out_of_range or invalid_parameter_value then
      raise exception using errcode = '22023', message = 'Lote de eventos inválido.';
  end;
  return v_counted;
end;
$$;

-- The listings' names, for the panel (the three kinds in one shape).
create view public.listing_names with (security_invoker = true) as
  select 'hospedagem'::public.listing_kind as kind, id, name, slug from public.hospedagens
  union all
  select 'comercio', id, name, slug from public.comercios
  union all
  select 'passeio', id, name, slug from public.passeios;

-- One row per listing and day with its three counts: the listing chart and the CSV export.
create view public.listing_daily_stats with (security_invoker = true) as
  select s.listing_id::text || ':' || to_char(s.day::timestamp, 'YYYY-MM-DD') as id,
         s.kind,
         s.listing_id,
         coalesce(n.name, '(excluído)') as name,
         s.day,
         coalesce(sum(s.count) filter (where s.event = 'view'), 0)::integer as views,
         coalesce(sum(s.count) filter (where s.event = 'whatsapp'), 0)::integer as whatsapp,
         coalesce(sum(s.count) filter (where s.event = 'map'), 0)::integer as map
  from public.listing_stats s
  left join public.listing_names n on n.kind = s.kind and n.id = s.listing_id
  group by s.listing_id, s.day, s.kind, n.name;

-- 'Mais procurados': every listing with a count in the last p_days days (today included, 1..366),
-- the most WhatsApp contacts first, then the most views, then by name. Row-level security of
-- listing_stats applies (security invoker): only admins and the service role see counts. Today is
-- computed here rather than by private.stats_today(), which the API roles cannot execute.
create function public.listing_ranking(p_days integer)
returns table (
  kind public.listing_kind,
  listing_id uuid,
  name text,
  slug text,
  views integer,
  whatsapp integer,
  map integer
)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.kind, s.listing_id, coalesce(n.name, '(excluído)'), n.slug,
         coalesce(sum(s.count) filter (where s.event = 'view'), 0)::integer,
         coalesce(sum(s.count) filter (where s.event = 'whatsapp'), 0)::integer,
         coalesce(sum(s.count) filter (where s.event = 'map'), 0)::integer
  from public.listing_stats s
  left join public.listing_names n on n.kind = s.kind and n.id = s.listing_id
  where s.day > (now() at time zone 'America/Fortaleza')::date - least(greatest(p_days, 1), 366)
  group by s.kind, s.listing_id, n.name, n.slug
  order by 6 desc, 5 desc, 3, 2
$$;

-- The two views stay read-only (private.read_only_view: see the listing_stats migration).
create trigger listing_names_read_only instead of insert or update or delete on public.listing_names
  for each row execute function private.read_only_view();
create trigger listing_daily_stats_read_only
  instead of insert or update or delete on public.listing_daily_stats
  for each row execute function private.read_only_view();

revoke all on public.listing_names, public.listing_daily_stats from public, anon, authenticated, service_role;
grant select on public.listing_names, public.listing_daily_stats to authenticated, service_role;
revoke all on function public.listing_ranking(integer) from public, anon;
grant execute on function public.listing_ranking(integer) to authenticated, service_role;
