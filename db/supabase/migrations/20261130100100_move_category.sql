-- Categories can be reordered in the panel: their order_position is the order of the panel's
-- list, the site's filters and the listing forms. Moving one swaps it with its neighbour in its
-- type, atomically; the type is first numbered 1..n, so gaps left by deletes and restores close
-- and every category has a place to move to.
create function public.move_category(category_id uuid, direction text)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  category_type public.listing_kind;
  current_position integer;
  neighbour uuid;
  neighbour_position integer;
begin
  perform private.require_admin();
  perform private.check_direction(direction);
  select c.type into category_type from public.categories c where c.id = category_id;
  if category_type is null then
    raise exception using errcode = 'GF002', message = 'Categoria não encontrada.';
  end if;
  -- The lock a new category of this type takes to go last (private.category_order_position).
  perform pg_advisory_xact_lock(72711, hashtext(category_type::text));
  update public.categories c set order_position = s.position
  from (
    select id, (row_number() over (order by order_position, lower(name), id))::integer as position
    from public.categories where type = category_type
  ) s
  where c.id = s.id and c.order_position <> s.position;
  select c.order_position into current_position from public.categories c where c.id = category_id;
  if direction = 'up' then
    select c.id, c.order_position into neighbour, neighbour_position from public.categories c
    where c.type = category_type and c.order_position < current_position
    order by c.order_position desc limit 1;
  else
    select c.id, c.order_position into neighbour, neighbour_position from public.categories c
    where c.type = category_type and c.order_position > current_position
    order by c.order_position asc limit 1;
  end if;
  if neighbour is null then
    return current_position;
  end if;
  update public.categories c
  set order_position = case c.id when category_id then neighbour_position else current_position end
  where c.id in (category_id, neighbour);
  return neighbour_position;
end
$$;

revoke all on function public.move_category(uuid, text) from public, anon;
grant execute on function public.move_category(uuid, text) to authenticated, service_role;
