-- Content rules, one SQL function per operation so every caller gets the same, atomic result:
-- featured (cap 4 per kind, featured_order 0..n-1) and pinned (pin_order 1..n) ordering,
-- category order and renames, carousel order and the last-slide rule.

create function private.listing_table(kind text)
returns text
language plpgsql immutable
set search_path = ''
as $$
begin
  case kind
    when 'hospedagem' then return 'hospedagens';
    when 'comercio' then return 'comercios';
    when 'passeio' then return 'passeios';
    else raise exception using
      errcode = '22023',
      message = 'Tipo de item inválido. Use hospedagem, comercio ou passeio.';
  end case;
end
$$;

-- Every ordering change on a listing table holds this lock until commit, so concurrent calls
-- run one after another and each sees the previous one's result.
create function private.lock_listing_order(table_name text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(72708, case table_name
    when 'hospedagens' then 1 when 'comercios' then 2 when 'passeios' then 3 end);
end
$$;

create function private.renumber_listing_order(table_name text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  execute format($sql$
    update public.%1$I t set featured_order = s.position
    from (
      select id, (row_number() over (order by featured_order, created_at, id) - 1)::integer as position
      from public.%1$I where is_featured
    ) s
    where t.id = s.id and t.featured_order <> s.position
  $sql$, table_name);
  execute format($sql$
    update public.%1$I t set pin_order = s.position
    from (
      select id, (row_number() over (order by pin_order, created_at, id))::integer as position
      from public.%1$I where is_pinned
    ) s
    where t.id = s.id and t.pin_order <> s.position
  $sql$, table_name);
end
$$;

create function private.require_admin()
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not private.caller_is_admin() then
    raise exception using
      errcode = '42501',
      message = 'Apenas administradores podem realizar esta operação.';
  end if;
end
$$;

create function private.raise_item_not_found()
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'GF002', message = 'Item não encontrado.';
end
$$;

create function private.check_direction(direction text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if direction is null or direction not in ('up', 'down') then
    raise exception using errcode = '22023', message = 'Direção inválida. Use up ou down.';
  end if;
end
$$;

-- Adds an item to (or removes it from) the featured list of its kind. Returns its position
-- (featured_order, from 0) or null when it is no longer featured.
create function public.set_featured(kind text, item_id uuid, featured boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  is_now boolean;
  current_order integer;
  total integer;
begin
  perform private.require_admin();
  if featured is null then
    raise exception using errcode = '22023', message = 'Informe se o item fica em destaque.';
  end if;
  perform private.lock_listing_order(table_name);
  execute format('select is_featured, featured_order from public.%I where id = $1', table_name)
    into is_now, current_order using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if featured then
    if is_now then
      return current_order;
    end if;
    execute format('select count(*) from public.%I where is_featured', table_name) into total;
    if total >= 4 then
      raise exception using
        errcode = 'GF001',
        message = 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.',
        hint = 'featured_limit';
    end if;
    execute format(
      'update public.%I set is_featured = true, featured_order = $2 where id = $1', table_name
    ) using item_id, total;
    return total;
  end if;
  if is_now then
    execute format(
      'update public.%I set is_featured = false, featured_order = 0 where id = $1', table_name
    ) using item_id;
    perform private.renumber_listing_order(table_name);
  end if;
  return null;
end
$$;

-- Swaps a featured item with its neighbour; at either end nothing moves. Returns its position.
create function public.move_featured(kind text, item_id uuid, direction text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  is_now boolean;
  current_order integer;
  neighbour uuid;
  neighbour_order integer;
begin
  perform private.require_admin();
  perform private.check_direction(direction);
  perform private.lock_listing_order(table_name);
  execute format('select is_featured, featured_order from public.%I where id = $1', table_name)
    into is_now, current_order using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if not is_now then
    raise exception using errcode = 'GF006', message = 'O item não está em destaque.';
  end if;
  execute format(
    'select id, featured_order from public.%I where is_featured and featured_order %s $1
     order by featured_order %s limit 1',
    table_name,
    case direction when 'up' then '<' else '>' end,
    case direction when 'up' then 'desc' else 'asc' end
  ) into neighbour, neighbour_order using current_order;
  if neighbour is null then
    return current_order;
  end if;
  execute format(
    'update public.%I set featured_order = case id when $1 then $4 else $2 end
     where id in ($1, $3)', table_name
  ) using item_id, current_order, neighbour, neighbour_order;
  return neighbour_order;
end
$$;

-- Pins an item to the top of its public list (last among the pinned) or unpins it, renumbering
-- the rest 1..n. Returns its pin_order or null when it is no longer pinned.
create function public.set_pinned(kind text, item_id uuid, pinned boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  is_now boolean;
  current_order integer;
  total integer;
begin
  perform private.require_admin();
  if pinned is null then
    raise exception using errcode = '22023', message = 'Informe se o item fica fixado no topo.';
  end if;
  perform private.lock_listing_order(table_name);
  execute format('select is_pinned, pin_order from public.%I where id = $1', table_name)
    into is_now, current_order using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if pinned then
    if is_now then
      return current_order;
    end if;
    execute format('select count(*) from public.%I where is_pinned', table_name) into total;
    execute format(
      'update public.%I set is_pinned = true, pin_order = $2 where id = $1', table_name
    ) using item_id, total + 1;
    return total + 1;
  end if;
  if is_now then
    execute format(
      'update public.%I set is_pinned = false, pin_order = 0 where id = $1', table_name
    ) using item_id;
    perform private.renumber_listing_order(table_name);
  end if;
  return null;
end
$$;

create function public.move_pinned(kind text, item_id uuid, direction text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  table_name text := private.listing_table(kind);
  is_now boolean;
  current_order integer;
  neighbour uuid;
  neighbour_order integer;
begin
  perform private.require_admin();
  perform private.check_direction(direction);
  perform private.lock_listing_order(table_name);
  execute format('select is_pinned, pin_order from public.%I where id = $1', table_name)
    into is_now, current_order using item_id;
  if is_now is null then
    perform private.raise_item_not_found();
  end if;
  if not is_now then
    raise exception using errcode = 'GF007', message = 'O item não está fixado no topo.';
  end if;
  execute format(
    'select id, pin_order from public.%I where is_pinned and pin_order %s $1
     order by pin_order %s limit 1',
    table_name,
    case direction when 'up' then '<' else '>' end,
    case direction when 'up' then 'desc' else 'asc' end
  ) into neighbour, neighbour_order using current_order;
  if neighbour is null then
    return current_order;
  end if;
  execute format(
    'update public.%I set pin_order = case id when $1 then $4 else $2 end
     where id in ($1, $3)', table_name
  ) using item_id, current_order, neighbour, neighbour_order;
  return neighbour_order;
end
$$;

-- Deleting listings closes the gaps they leave. The lock is taken before any row is locked, so a
-- delete and an ordering call never wait on each other in opposite order.
create function private.lock_listing_order_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_listing_order(tg_table_name);
  return null;
end
$$;

create function private.renumber_listing_order_trigger()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.renumber_listing_order(tg_table_name);
  return null;
end
$$;

create trigger hospedagens_lock_order before delete on public.hospedagens
  for each statement execute function private.lock_listing_order_trigger();
create trigger comercios_lock_order before delete on public.comercios
  for each statement execute function private.lock_listing_order_trigger();
create trigger passeios_lock_order before delete on public.passeios
  for each statement execute function private.lock_listing_order_trigger();
create trigger hospedagens_renumber_order after delete on public.hospedagens
  for each statement execute function private.renumber_listing_order_trigger();
create trigger comercios_renumber_order after delete on public.comercios
  for each statement execute function private.renumber_listing_order_trigger();
create trigger passeios_renumber_order after delete on public.passeios
  for each statement execute function private.renumber_listing_order_trigger();

-- Categories -----------------------------------------------------------------------------------

-- A new category goes last in its type: order_position = max + 1 (when not given).
create function private.category_order_position()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.order_position is null then
    perform pg_advisory_xact_lock(72711, hashtext(new.type::text));
    select coalesce(max(c.order_position), 0) + 1 into new.order_position
    from public.categories c where c.type = new.type;
  end if;
  return new;
end
$$;

create trigger categories_order_position before insert on public.categories
  for each row execute function private.category_order_position();

-- Renaming a category renames it in the listings of its type that use it.
create function private.rename_category_in_listings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.name = old.name then
    return null;
  end if;
  case new.type
    when 'hospedagem' then
      -- array_replace, then drop a repeat if the listing already had the new name.
      update public.hospedagens h
      set categorias = array(
        select s.item from (
          select u.item, u.n, row_number() over (partition by lower(u.item) order by u.n) as copy
          from unnest(array_replace(h.categorias, old.name, new.name)) with ordinality u (item, n)
        ) s
        where s.copy = 1
        order by s.n
      )
      where old.name = any (h.categorias);
    when 'comercio' then
      update public.comercios set categoria = new.name where categoria = old.name;
    when 'passeio' then
      update public.passeios set categoria = new.name where categoria = old.name;
  end case;
  return null;
end
$$;

create trigger categories_rename_in_listings after update of name on public.categories
  for each row execute function private.rename_category_in_listings();

-- Carousel -------------------------------------------------------------------------------------

-- A new slide goes after the others: order_position = number of slides + 1 (when not given).
create function private.slide_order_position()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.order_position is null then
    perform pg_advisory_xact_lock(72712, 0);
    select count(*) + 1 into new.order_position from public.carousel_slides;
  end if;
  return new;
end
$$;

create trigger carousel_slides_order_position before insert on public.carousel_slides
  for each row execute function private.slide_order_position();

create function private.keep_one_slide()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.carousel_slides) then
    raise exception using
      errcode = 'GF005',
      message = 'O carrossel deve ter pelo menos um slide.';
  end if;
  return null;
end
$$;

create trigger carousel_slides_keep_one after delete on public.carousel_slides
  for each statement execute function private.keep_one_slide();
