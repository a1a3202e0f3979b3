-- Featured and pinned are one concept: an ordered list of listings of one kind, named by the list.
-- One function pair (and its bulk form) replaces set_featured, move_featured, set_pinned,
-- move_pinned, bulk_set_featured and bulk_set_pinned with the same rules, messages and grants:
-- admins only, the listing tables' order lock, contiguous positions (featured from 0 with at most
-- 4 per kind, pinned from 1 with no limit), swaps with the neighbour, renumbering on removal.
-- db/domain's ordered-lists.ts holds the same columns, limit and messages for the worker and the
-- panel (db/supabase/test/ordered-lists.test.ts holds the two equal).

-- What differs per list: its flag and position columns, its first position, its limit (null: none)
-- and its messages. An unknown list is refused as an unknown kind is.
create function private.ordered_list(
  list text,
  out flag text,
  out position_column text,
  out first_position integer,
  out size_limit integer,
  out missing_included text,
  out not_in_list_code text,
  out not_in_list text
)
language plpgsql immutable
set search_path = ''
as $$
begin
  case list
    when 'featured' then
      flag := 'is_featured';
      position_column := 'featured_order';
      first_position := 0;
      size_limit := 4;
      missing_included := 'Informe se o item fica em destaque.';
      not_in_list_code := 'GF006';
      not_in_list := 'O item não está em destaque.';
    when 'pinned' then
      flag := 'is_pinned';
      position_column := 'pin_order';
      first_position := 1;
      size_limit := null;
      missing_included := 'Informe se o item fica fixado no topo.';
      not_in_list_code := 'GF007';
      not_in_list := 'O item não está fixado no topo.';
    else raise exception using
      errcode = '22023',
      message = 'Lista inválida. Use featured ou pinned.';
  end case;
end
$$;

-- Adds an item to the end of its kind's list (or takes it out, closing the gap). Returns its
-- position, or null when it is no longer in the list.
create function public.set_in_list(list text, kind text, item_id uuid, included boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  def record := private.ordered_list(list);
  is_now boolean;
  current_position integer;
  total integer;
begin
  perform private.require_admin();
  if included is null then
    raise exception using errcode = '22023', message = def.missing_included;
  end if;
  perform private.lock_listing_order(table_name);
  execute format('select %I, %I from public.%I where id = $1',
    def.flag, def.position_column, table_name)
    into is_now, current_position using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if included then
    if is_now then
      return current_position;
    end if;
    execute format('select count(*) from public.%I where %I', table_name, def.flag) into total;
    if total >= def.size_limit then
      raise exception using
        errcode = 'GF001',
        message = format(
          'Você já tem %s itens em destaque. Remova um antes de adicionar outro.', def.size_limit),
        hint = 'featured_limit';
    end if;
    execute format('update public.%I set %I = true, %I = $2 where id = $1',
      table_name, def.flag, def.position_column)
      using item_id, total + def.first_position;
    return total + def.first_position;
  end if;
  if is_now then
    execute format('update public.%I set %I = false, %I = 0 where id = $1',
      table_name, def.flag, def.position_column)
      using item_id;
    perform private.renumber_listing_order(table_name);
  end if;
  return null;
end
$$;

-- Swaps an item with its neighbour in the list; at either end nothing moves. Returns its position.
create function public.move_in_list(list text, kind text, item_id uuid, direction text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  def record := private.ordered_list(list);
  is_now boolean;
  current_position integer;
  neighbour uuid;
  neighbour_position integer;
begin
  perform private.require_admin();
  perform private.check_direction(direction);
  perform private.lock_listing_order(table_name);
  execute format('select %I, %I from public.%I where id = $1',
    def.flag, def.position_column, table_name)
    into is_now, current_position using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if not is_now then
    raise exception using errcode = def.not_in_list_code, message = def.not_in_list;
  end if;
  execute format(
    'select id, %2$I from public.%1$I where %3$I and %2$I %4$s $1 order by %2$I %5$s limit 1',
    table_name,
    def.position_column,
    def.flag,
    case direction when 'up' then '<' else '>' end,
    case direction when 'up' then 'desc' else 'asc' end
  ) into neighbour, neighbour_position using current_position;
  if neighbour is null then
    return current_position;
  end if;
  execute format(
    'update public.%I set %I = case id when $1 then $4 else $2 end where id in ($1, $3)',
    table_name, def.position_column
  ) using item_id, current_position, neighbour, neighbour_position;
  return neighbour_position;
end
$$;

-- The panel lists' bulk actions: several listings of one kind into or out of a list in one
-- transaction, each through set_in_list in the order given (the limit, contiguous positions), so
-- the whole set is done or none of it is. Returns the items whose state changed: what the panel's
-- 'Desfazer' puts back.
create function public.bulk_set_in_list(list text, kind text, item_ids uuid[], included boolean)
returns uuid[]
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  def record := private.ordered_list(list);
  item uuid;
  was boolean;
  changed uuid[] := '{}';
begin
  perform private.require_admin();
  perform private.lock_listing_order(table_name);
  foreach item in array coalesce(item_ids, '{}') loop
    execute format('select %I from public.%I where id = $1', def.flag, table_name)
      into was using item;
    perform public.set_in_list(list, kind, item, included);
    if was is distinct from included then
      changed := changed || item;
    end if;
  end loop;
  return changed;
end
$$;

revoke all on function
  public.set_in_list(text, text, uuid, boolean),
  public.move_in_list(text, text, uuid, text),
  public.bulk_set_in_list(text, text, uuid[], boolean)
  from public, anon;
grant execute on function
  public.set_in_list(text, text, uuid, boolean),
  public.move_in_list(text, text, uuid, text),
  public.bulk_set_in_list(text, text, uuid[], boolean)
  to authenticated, service_role;

drop function public.bulk_set_featured(text, uuid[], boolean);
drop function public.bulk_set_pinned(text, uuid[], boolean);
drop function public.set_featured(text, uuid, boolean);
drop function public.move_featured(text, uuid, text);
drop function public.set_pinned(text, uuid, boolean);
drop function public.move_pinned(text, uuid, text);
