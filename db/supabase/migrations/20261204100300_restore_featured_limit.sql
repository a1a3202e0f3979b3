-- restore_from_trash reads the featured list's limit from private.ordered_list('featured'), as
-- set_in_list does, rather than keeping a 4 of its own, and its notice names that limit. The
-- grants stay with the function.

-- Puts a trashed row back. A listing returns to its place among the featured (unless the list is
-- full now) and the pinned; a category whose name was taken meanwhile cannot return.
-- Returns {table_name, id, notices}: notices say what could not be restored as it was.
create or replace function public.restore_from_trash(trash_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  item public.trash;
  data jsonb;
  restored jsonb;
  notices text[] := '{}';
  total integer;
  place integer;
  featured record := private.ordered_list('featured');
begin
  perform private.require_admin();
  select * into item from public.trash t where t.id = trash_id for update;
  if not found then
    perform private.raise_item_not_found();
  end if;
  data := item.data;
  if item.table_name in ('hospedagens', 'comercios', 'passeios') then
    perform private.lock_listing_order(item.table_name);
    if (data ->> 'is_featured')::boolean then
      execute format('select count(*) from public.%I where is_featured', item.table_name) into total;
      if total >= featured.size_limit then
        data := data || '{"is_featured": false, "featured_order": 0}';
        notices := notices || format(
          'Não voltou aos destaques: já há %s itens em destaque. Remova um e adicione-o de novo.',
          featured.size_limit);
      else
        place := least((data ->> 'featured_order')::integer, total);
        execute format(
          'update public.%I set featured_order = featured_order + 1
           where is_featured and featured_order >= $1', item.table_name
        ) using place;
        data := data || jsonb_build_object('featured_order', place);
      end if;
    end if;
    if (data ->> 'is_pinned')::boolean then
      execute format('select count(*) from public.%I where is_pinned', item.table_name) into total;
      place := least((data ->> 'pin_order')::integer, total + 1);
      execute format(
        'update public.%I set pin_order = pin_order + 1 where is_pinned and pin_order >= $1',
        item.table_name
      ) using place;
      data := data || jsonb_build_object('pin_order', place);
    end if;
  elsif item.table_name = 'categories' then
    if exists (
      select 1 from public.categories c
      where c.type::text = data ->> 'type' and lower(c.name) = lower(data ->> 'name')
    ) then
      raise exception using
        errcode = 'GF008',
        message = 'Já existe uma categoria com esse nome. Renomeie-a antes de restaurar.';
    end if;
  end if;
  perform set_config('guia.change_action', 'restore', true);
  -- the row as inserted: assign_slug may have given it a new slug
  execute format(
    'insert into public.%I as t select * from jsonb_populate_record(null::public.%I, $1)
     returning to_jsonb(t)',
    item.table_name, item.table_name
  ) into restored using data;
  perform set_config('guia.change_action', '', true);
  delete from public.trash t where t.id = trash_id;
  if item.table_name in ('hospedagens', 'comercios', 'passeios')
    and (restored ->> 'slug') is distinct from (item.data ->> 'slug') then
    notices := notices || 'O endereço antigo da página foi usado por outro item.'::text;
  end if;
  return jsonb_build_object('table_name', item.table_name, 'id', item.row_id, 'notices', to_jsonb(notices));
end
$$;
