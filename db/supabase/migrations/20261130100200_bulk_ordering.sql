-- The panel lists' bulk actions: several listings of one kind featured, unfeatured, pinned or
-- unpinned in one transaction. Each item goes through the same function as a single change, in
-- the order given (its cap of 4 featured, its contiguous positions), so the whole set is done or
-- none of it is. Each returns the items whose state changed: what the panel's 'Desfazer' puts back.

create function public.bulk_set_featured(kind text, item_ids uuid[], featured boolean)
returns uuid[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  item uuid;
  was boolean;
  changed uuid[] := '{}';
begin
  perform private.require_admin();
  perform private.lock_listing_order(table_name);
  foreach item in array coalesce(item_ids, '{}') loop
    execute format('select is_featured from public.%I where id = $1', table_name)
      into was using item;
    perform public.set_featured(kind, item, featured);
    if was is distinct from featured then
      changed := changed || item;
    end if;
  end loop;
  return changed;
end
$$;

create function public.bulk_set_pinned(kind text, item_ids uuid[], pinned boolean)
returns uuid[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  item uuid;
  was boolean;
  changed uuid[] := '{}';
begin
  perform private.require_admin();
  perform private.lock_listing_order(table_name);
  foreach item in array coalesce(item_ids, '{}') loop
    execute format('select is_pinned from public.%I where id = $1', table_name)
      into was using item;
    perform public.set_pinned(kind, item, pinned);
    if was is distinct from pinned then
      changed := changed || item;
    end if;
  end loop;
  return changed;
end
$$;

revoke all on function
  public.bulk_set_featured(text, uuid[], boolean),
  public.bulk_set_pinned(text, uuid[], boolean)
  from public, anon;
grant execute on function
  public.bulk_set_featured(text, uuid[], boolean),
  public.bulk_set_pinned(text, uuid[], boolean)
  to authenticated, service_role;
