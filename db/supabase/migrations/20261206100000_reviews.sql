-- Visitors' reviews: a signed-in visitor with a confirmed e-mail gives a place 1 to 5 stars and a
-- comment, once per place; a moderator or administrator approves or rejects it (with a reason the
-- author reads); approved reviews of places that exist are public (published_reviews).
-- The rules and their Portuguese words are db/domain's (reviews.ts: REVIEW_MESSAGES,
-- REVIEW_LIMITS); tests hold the two equal.
-- Every write goes through the functions below, which the worker calls with the caller's token:
--   submit_review, edit_review (back to pending), report_review (approved -> pending),
--   delete_review (the author: gone for good; staff: to the trash), moderate_review (staff).
-- The per-address limits: only the worker knows the client's address, so the three writes a
-- visitor makes (submit, edit, report) take the worker's review key (REVIEW_KEY, the database
-- keeps its SHA-256 as for the statistics' ingest key) and the client's pseudonym. A direct call
-- to the API with a user's token, which has no key, writes nothing, so it cannot go around the
-- per-address limit. Cloudflare's Workers Rate Limiting binding would not do: its period "Must be
-- either 10 or 60" seconds and its limit holds "within a given period in a single Cloudflare
-- location" (developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit): no day's limit,
-- and nothing for a call that never reaches the worker.
-- History (audit_log) and trash cover reviews as they cover content. Deleting an account deletes
-- its reviews, their copies in the trash and their history (private.forget_account_reviews).

create type public.review_status as enum ('pending', 'approved', 'rejected');

create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  listing_kind public.listing_kind not null,
  listing_id uuid not null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null check (private.is_text(comment, 1000)),
  status public.review_status not null default 'pending',
  rejection_reason text check (rejection_reason is null or private.is_text(rejection_reason, 300)),
  reported_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  moderated_at timestamptz,
  -- no reference: a moderator's account may go, the decision stays
  moderated_by uuid,
  unique (user_id, listing_kind, listing_id),
  constraint reviews_rejection_reason_status_check check ((status = 'rejected') = (rejection_reason is not null))
);
create index reviews_listing_idx on public.reviews (listing_kind, listing_id, created_at desc)
  where status = 'approved';
create index reviews_status_idx on public.reviews (status, created_at desc);

create trigger reviews_updated_at before update on public.reviews
  for each row execute function private.touch_updated_at();

-- The limits (REVIEW_LIMITS in db/domain; a test holds them equal).
create function private.review_limit(what text)
returns integer
language sql immutable
set search_path = ''
as $$
  select case what
    when 'window_hours' then 24
    when 'account_writes' then 10
    when 'account_reports' then 10
    when 'address_writes' then 20
    when 'address_reports' then 20
  end
$$;

-- The worker's key -------------------------------------------------------------------------------

create table private.review_keys (
  key_hash text primary key,
  created_at timestamptz not null default now()
);

-- The operator sets it (service role; `npm run deploy` does it and gives the same key to the
-- worker as REVIEW_KEY). A new key replaces the old one.
create function public.set_review_key(p_key text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception using errcode = '42501', message = 'Apenas o operador pode definir a chave das avaliações.';
  end if;
  if p_key is null or length(p_key) < 32 then
    raise exception using errcode = '22023', message = 'A chave das avaliações deve ter pelo menos 32 caracteres.';
  end if;
  lock table private.review_keys in share row exclusive mode;
  delete from private.review_keys where true;
  insert into private.review_keys (key_hash) values (private.stats_key_hash(p_key));
end
$$;

-- Limits ------------------------------------------------------------------------------------------

-- What each account and each client (the worker's pseudonym of its network, never an address)
-- wrote in the last window. Rows older than the window are dropped as new ones come, and every
-- hour for all (private.prune_review_activity): the privacy text promises the pseudonym is
-- discarded after the window, whether or not the account or network writes again.
create table private.review_activity (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client text not null,
  action text not null check (action in ('write', 'report')),
  at timestamptz not null default now()
);
create index review_activity_user_idx on private.review_activity (user_id, action, at);
create index review_activity_client_idx on private.review_activity (client, action, at);

-- The caller who writes a review or a report (p_report): signed in, in a live session, with a
-- confirmed e-mail, through the worker (its key).
create function private.require_reviewer(p_key text, p_report boolean)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if me is null or not public.own_session_is_live() then
    raise exception using errcode = '42501', message = 'Entre na sua conta para avaliar.';
  end if;
  if p_key is null
    or not exists (select 1 from private.review_keys k where k.key_hash = private.stats_key_hash(p_key))
  then
    raise exception using errcode = '42501', message = 'As avaliações são enviadas pelo site.';
  end if;
  if not exists (select 1 from auth.users u where u.id = me and u.email_confirmed_at is not null) then
    raise exception using errcode = 'GF009', message = case when p_report
      then 'Confirme seu e-mail para denunciar.'
      else 'Confirme seu e-mail para avaliar.'
    end;
  end if;
  return me;
end
$$;

-- Counts one write or report of the account and the client, refusing it past either limit.
create function private.count_review_activity(me uuid, p_client text, p_action text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  since timestamptz := now() - make_interval(hours => private.review_limit('window_hours'));
  who text := nullif(btrim(p_client), '');
begin
  if who is null or char_length(who) > 100 then
    raise exception using errcode = '22023', message = 'Cliente inválido.';
  end if;
  -- one count at a time per account and per client, so two requests at once cannot both pass
  perform pg_advisory_xact_lock(72711, hashtext(me::text));
  perform pg_advisory_xact_lock(72712, hashtext(who));
  delete from private.review_activity a
  where (a.user_id = me or a.client = who) and a.at < since;
  if (select count(*) from private.review_activity a
      where a.user_id = me and a.action = p_action and a.at >= since)
    >= private.review_limit('account_' || p_action || 's')
  then
    raise exception using errcode = 'GF011', message = case p_action
      when 'write' then 'Você enviou muitas avaliações nas últimas 24 horas. Tente novamente amanhã.'
      else 'Você enviou muitas denúncias nas últimas 24 horas. Tente novamente amanhã.'
    end;
  end if;
  if (select count(*) from private.review_activity a
      where a.client = who and a.action = p_action and a.at >= since)
    >= private.review_limit('address_' || p_action || 's')
  then
    raise exception using errcode = 'GF011', message = case p_action
      when 'write' then 'Muitas avaliações foram enviadas desta rede nas últimas 24 horas. Tente novamente amanhã.'
      else 'Muitas denúncias foram enviadas desta rede nas últimas 24 horas. Tente novamente amanhã.'
    end;
  end if;
  insert into private.review_activity (user_id, client, action) values (me, who, p_action);
end
$$;

-- Drops every count older than the window: pg_cron runs it every hour (db/local's stand-in
-- locally, as for the retention rules in 20261201100100_scheduled_purge.sql), as the database owner.
create function private.prune_review_activity()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from private.review_activity a
  where a.at < now() - make_interval(hours => private.review_limit('window_hours'));
  get diagnostics removed = row_count;
  return removed;
end
$$;

select cron.schedule(
  'guia-fortim-prune-review-activity',
  '41 * * * *',
  'select private.prune_review_activity()'
);

-- The input's rules: 1 to 5 stars, a comment of 1 to 1000 characters once trimmed. Returns the
-- trimmed comment.
create function private.checked_review_input(p_rating integer, p_comment text)
returns text
language plpgsql immutable
set search_path = ''
as $$
declare
  trimmed text := regexp_replace(coalesce(p_comment, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g');
begin
  if p_rating is null or p_rating not between 1 and 5 then
    raise exception using errcode = '22023', message = 'Escolha de 1 a 5 estrelas.';
  end if;
  if trimmed = '' then
    raise exception using errcode = '22023', message = 'Escreva um comentário.';
  end if;
  if char_length(trimmed) > 1000 then
    raise exception using errcode = '22023', message = 'O comentário deve ter no máximo 1000 caracteres.';
  end if;
  return trimmed;
end
$$;

create function private.raise_review_not_found()
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'GF002', message = 'Avaliação não encontrada.';
end
$$;

-- Writes ------------------------------------------------------------------------------------------
-- Each returns {review, public_changed}: public_changed says whether what a public page shows
-- changed (an approved review appeared, changed or left), for the worker's rebuild.

create function public.submit_review(
  p_kind public.listing_kind, p_listing_id uuid, p_rating integer, p_comment text,
  p_client text, p_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_reviewer(p_key, false);
  clean_comment text := private.checked_review_input(p_rating, p_comment);
  created public.reviews;
begin
  if p_kind is null or p_listing_id is null or not exists (
    select 1 from public.listing_names n where n.kind = p_kind and n.id = p_listing_id
  ) then
    raise exception using errcode = 'GF002', message = 'Lugar não encontrado.';
  end if;
  if exists (
    select 1 from public.reviews r
    where r.user_id = me and r.listing_kind = p_kind and r.listing_id = p_listing_id
  ) then
    raise exception using
      errcode = 'GF010',
      message = 'Você já avaliou este lugar. Para mudar sua avaliação, edite-a em "Minhas avaliações".';
  end if;
  perform private.count_review_activity(me, p_client, 'write');
  begin
    insert into public.reviews (user_id, listing_kind, listing_id, rating, comment)
    values (me, p_kind, p_listing_id, p_rating, clean_comment)
    returning * into created;
  exception when unique_violation then
    -- the same account's other request got there first
    raise exception using
      errcode = 'GF010',
      message = 'Você já avaliou este lugar. Para mudar sua avaliação, edite-a em "Minhas avaliações".';
  end;
  return jsonb_build_object('review', to_jsonb(created), 'public_changed', false);
end
$$;

-- The author changes stars and comment; the review waits for moderation again.
create function public.edit_review(
  p_id uuid, p_rating integer, p_comment text, p_client text, p_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_reviewer(p_key, false);
  clean_comment text := private.checked_review_input(p_rating, p_comment);
  existing public.reviews;
  edited public.reviews;
begin
  select * into existing from public.reviews r where r.id = p_id and r.user_id = me for update;
  if not found then
    perform private.raise_review_not_found();
  end if;
  perform private.count_review_activity(me, p_client, 'write');
  update public.reviews r set
    rating = p_rating, comment = clean_comment, status = 'pending', rejection_reason = null,
    reported_at = null, moderated_at = null, moderated_by = null
  where r.id = p_id
  returning * into edited;
  return jsonb_build_object('review', to_jsonb(edited), 'public_changed', existing.status = 'approved');
end
$$;

-- 'Denunciar': a signed-in visitor sends a published review back to the queue. A review that is
-- already waiting or was rejected (a page not yet rebuilt still shows it) stays as it is.
create function public.report_review(p_id uuid, p_client text, p_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := private.require_reviewer(p_key, true);
  existing public.reviews;
  reported public.reviews;
begin
  select * into existing from public.reviews r where r.id = p_id for update;
  if not found then
    perform private.raise_review_not_found();
  end if;
  perform private.count_review_activity(me, p_client, 'report');
  if existing.status <> 'approved' then
    return jsonb_build_object('review', null, 'public_changed', false);
  end if;
  update public.reviews r set status = 'pending', reported_at = now()
  where r.id = p_id
  returning * into reported;
  return jsonb_build_object(
    'review',
    jsonb_build_object('id', reported.id, 'listing_kind', reported.listing_kind,
      'listing_id', reported.listing_id, 'status', reported.status),
    'public_changed', true
  );
end
$$;

-- The author deletes their review for good; staff move anyone's to the trash.
create function public.delete_review(p_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  existing public.reviews;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Entre na sua conta para avaliar.';
  end if;
  select * into existing from public.reviews r where r.id = p_id for update;
  if not found then
    perform private.raise_review_not_found();
  end if;
  if existing.user_id = me then
    if not public.own_session_is_live() then
      raise exception using errcode = '42501', message = 'Entre na sua conta para avaliar.';
    end if;
    -- gone for good, nothing in the trash: the history says 'purge', not 'delete'
    perform set_config('guia.change_action', 'purge', true);
  elsif public.is_staff() then
    perform set_config('guia.review_to_trash', 'on', true);
  else
    perform private.raise_review_not_found();
  end if;
  delete from public.reviews r where r.id = p_id;
  perform set_config('guia.review_to_trash', '', true);
  perform set_config('guia.change_action', '', true);
  return jsonb_build_object(
    'review',
    jsonb_build_object('id', existing.id, 'listing_kind', existing.listing_kind,
      'listing_id', existing.listing_id, 'status', existing.status),
    'public_changed', existing.status = 'approved'
  );
end
$$;

-- Staff approve a review, or reject it with a reason the author reads; another member of the staff
-- decides on a moderator's or administrator's own review. The decision names the updated_at of the
-- text the moderator read: an edit by the author since then (which changes it) refuses the
-- decision, so no text is approved unread.
create function public.moderate_review(
  p_id uuid, p_status public.review_status, p_seen_updated_at timestamptz, p_reason text default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  reason text := regexp_replace(coalesce(p_reason, ''), '^[[:space:]]+|[[:space:]]+$', '', 'g');
  existing public.reviews;
  moderated public.reviews;
begin
  perform private.require_staff();
  if p_status is null or p_status = 'pending' then
    raise exception using errcode = '22023', message = 'Escolha aprovar ou rejeitar a avaliação.';
  end if;
  if p_status = 'rejected' and reason = '' then
    raise exception using errcode = '22023', message = 'Informe o motivo da rejeição.';
  end if;
  if p_status = 'rejected' and char_length(reason) > 300 then
    raise exception using errcode = '22023', message = 'O motivo deve ter no máximo 300 caracteres.';
  end if;
  select * into existing from public.reviews r where r.id = p_id for update;
  if not found then
    perform private.raise_review_not_found();
  end if;
  -- a decision is someone else's judgement of the text: never the author's own
  if existing.user_id = auth.uid() then
    raise exception using errcode = 'GF013', message = 'Você não pode moderar a sua própria avaliação.';
  end if;
  if p_seen_updated_at is distinct from existing.updated_at then
    raise exception using
      errcode = 'GF014',
      message = 'A avaliação foi alterada pelo autor. Recarregue para ver o texto novo.';
  end if;
  update public.reviews r set
    status = p_status,
    rejection_reason = case when p_status = 'rejected' then reason end,
    reported_at = null,
    moderated_at = now(),
    moderated_by = auth.uid()
  where r.id = p_id
  returning * into moderated;
  return jsonb_build_object(
    'review', to_jsonb(moderated),
    'public_changed', (existing.status = 'approved') or (p_status = 'approved')
  );
end
$$;

-- Reads -------------------------------------------------------------------------------------------

-- The views run with their owner's rights (the reviews and profiles they read are not the
-- caller's) and show only the columns listed here. The author is their profile's name, else their
-- user name, else 'Visitante'; never an account id or an e-mail.
create view public.published_reviews as
  select r.id, r.listing_kind, r.listing_id, r.rating, r.comment,
    coalesce(nullif(btrim(p.full_name), ''), nullif(p.username, ''), 'Visitante') as author_name,
    r.created_at, r.updated_at
  from public.reviews r
  left join public.profiles p on p.id = r.user_id
  where r.status = 'approved'
    and exists (select 1 from public.listing_names n where n.kind = r.listing_kind and n.id = r.listing_id);

-- The panel's 'Avaliações': every review, for staff (and the service role); nobody else sees a
-- row. The functions a view calls are called with the reader's rights: these three are public.
create view public.review_queue as
  select r.id, r.status, r.rating, r.comment, r.rejection_reason, r.reported_at, r.created_at,
    r.updated_at, r.moderated_at, r.listing_kind, r.listing_id,
    n.name as listing_name, n.slug as listing_slug,
    coalesce(nullif(btrim(p.full_name), ''), nullif(p.username, ''), 'Visitante') as author_name,
    -- the reader's own review, which they may not approve or reject (moderate_review)
    r.user_id is not distinct from auth.uid() as is_own
  from public.reviews r
  left join public.profiles p on p.id = r.user_id
  left join public.listing_names n on n.kind = r.listing_kind and n.id = r.listing_id
  where (select coalesce(auth.role(), '') = 'service_role' or public.is_staff());

create trigger published_reviews_read_only instead of insert or update or delete on public.published_reviews
  for each row execute function private.read_only_view();
create trigger review_queue_read_only instead of insert or update or delete on public.review_queue
  for each row execute function private.read_only_view();

-- History and trash -------------------------------------------------------------------------------

-- What a row is called in the history and the trash; a review by its stars and place, never by
-- its author (the history outlives no account, but names no one either).
create or replace function private.change_label(table_name text, row_data jsonb)
returns text
language sql stable
security definer
set search_path = ''
as $$
  select case table_name
    when 'carousel_slides' then row_data ->> 'title'
    when 'site_settings' then row_data ->> 'setting_key'
    when 'user_roles' then coalesce(
      (select u.email from auth.users u where u.id::text = row_data ->> 'user_id'),
      row_data ->> 'user_id'
    ) || ' (' || (row_data ->> 'role') || ')'
    when 'reviews' then 'Avaliação (' || (row_data ->> 'rating') || '★) de '
      || coalesce(
        (select n.name from public.listing_names n
         where n.kind::text = row_data ->> 'listing_kind' and n.id::text = row_data ->> 'listing_id'),
        'lugar excluído'
      )
    else row_data ->> 'name'
  end
$$;

create trigger reviews_history after insert or update or delete on public.reviews
  for each row execute function private.record_change();

-- Staff's deletes go to the trash (delete_review says which by guia.review_to_trash); an author's
-- own, and those of a deleted account, are gone for good.
create trigger reviews_to_trash after delete on public.reviews
  for each row when (current_setting('guia.review_to_trash', true) = 'on')
  execute function private.move_to_trash();

alter table public.trash drop constraint trash_table_name_check;
alter table public.trash add constraint trash_table_name_check
  check (table_name in ('hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides', 'reviews'));

-- A trashed review returns unless its author reviewed the same place again meanwhile.
create function private.check_review_restore(data jsonb)
returns void
language plpgsql stable
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.reviews r
    where r.user_id::text = data ->> 'user_id'
      and r.listing_kind::text = data ->> 'listing_kind'
      and r.listing_id::text = data ->> 'listing_id'
  ) then
    raise exception using
      errcode = 'GF008',
      message = 'O autor já tem outra avaliação deste lugar. Exclua-a antes de restaurar esta.';
  end if;
end
$$;

do $$
declare
  definition text := pg_get_functiondef('public.restore_from_trash(uuid)'::regprocedure);
  anchor constant text := E'  elsif item.table_name = \'categories\' then\n';
begin
  if position(anchor in definition) = 0 then
    raise exception 'restore_from_trash has no branch for categories';
  end if;
  execute replace(definition, anchor,
    E'  elsif item.table_name = \'reviews\' then\n    perform private.check_review_restore(data);\n'
    || anchor);
end
$$;

-- A visitor's own entries (writing, editing, reporting, deleting a review) name them 'Visitante',
-- not by e-mail: moderators read the reviews' history, and other accounts' e-mails are the
-- administrators' alone. The staff's entries keep theirs, as for content.
create function private.review_entry_actor()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.table_name = 'reviews' and new.actor_id is not null and not exists (
    select 1 from public.user_roles r
    where r.user_id = new.actor_id and r.role in ('admin', 'moderator')
  ) then
    new.actor_email := 'Visitante';
  end if;
  return new;
end
$$;
create trigger audit_log_review_actor before insert on public.audit_log
  for each row execute function private.review_entry_actor();

-- Staff read the history of reviews as they read content's.
alter policy audit_log_admin_read on public.audit_log
  using (
    (select public.is_admin())
    or ((select public.is_staff())
      and table_name in ('hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides', 'reviews'))
  );

-- A place purged from the trash for good takes its reviews with it, those in the trash too (their
-- history says 'purge': none of them is in the trash); a restored one keeps them.
create function private.forget_listing_reviews()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  prior text := current_setting('guia.change_action', true);
begin
  if old.table_name in ('hospedagens', 'comercios', 'passeios')
    and not exists (select 1 from public.listing_names n where n.id = old.row_id)
  then
    perform set_config('guia.change_action', 'purge', true);
    delete from public.reviews r where r.listing_id = old.row_id;
    perform set_config('guia.change_action', coalesce(prior, ''), true);
    delete from public.trash t
    where t.table_name = 'reviews' and t.data ->> 'listing_id' = old.row_id::text;
  end if;
  return old;
end
$$;
create trigger forget_listing_reviews after delete on public.trash
  for each row execute function private.forget_listing_reviews();

-- Deleting an account ------------------------------------------------------------------------------

-- Before the account goes (its own deletion, an administrator's or an operator's), its reviews go
-- for good, with their copies in the trash and their history: what the visitor wrote leaves with
-- them, and no entry keeps their e-mail (private.forget_account_email then erases it from the
-- entries they made about anything else). The history is append-only; this is the one deliberate
-- escape it shares with the retention purge (guia.history_purge).
create function private.forget_account_reviews()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.reviews r where r.user_id = old.id;
  delete from public.trash t where t.table_name = 'reviews' and t.data ->> 'user_id' = old.id::text;
  perform set_config('guia.history_purge', 'on', true);
  delete from public.audit_log a
  where a.table_name = 'reviews' and coalesce(a.after, a.before) ->> 'user_id' = old.id::text;
  perform set_config('guia.history_purge', '', true);
  return old;
end
$$;
create trigger forget_account_reviews before delete on auth.users
  for each row execute function private.forget_account_reviews();

-- Access ------------------------------------------------------------------------------------------

alter table public.reviews enable row level security;
revoke all on public.reviews from public, anon, authenticated, service_role;
grant select on public.reviews to authenticated, service_role;
-- (select …): asked once per query
create policy reviews_read on public.reviews for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_staff()));

revoke all on public.published_reviews, public.review_queue from public, anon, authenticated, service_role;
grant select on public.published_reviews to anon, authenticated, service_role;
grant select on public.review_queue to authenticated, service_role;

revoke all on table private.review_keys, private.review_activity
  from public, anon, authenticated, service_role;
revoke all on function
  private.review_limit(text),
  private.require_reviewer(text, boolean),
  private.count_review_activity(uuid, text, text),
  private.prune_review_activity(),
  private.checked_review_input(integer, text),
  private.raise_review_not_found(),
  private.check_review_restore(jsonb),
  private.forget_listing_reviews(),
  private.forget_account_reviews(),
  private.review_entry_actor()
  from public, anon, authenticated;
revoke all on function public.set_review_key(text) from public, anon, authenticated;
grant execute on function public.set_review_key(text) to service_role;
revoke all on function
  public.submit_review(public.listing_kind, uuid, integer, text, text, text),
  public.edit_review(uuid, integer, text, text, text),
  public.report_review(uuid, text, text),
  public.delete_review(uuid),
  public.moderate_review(uuid, public.review_status, timestamptz, text)
  from public, anon;
grant execute on function
  public.submit_review(public.listing_kind, uuid, integer, text, text, text),
  public.edit_review(uuid, integer, text, text, text),
  public.report_review(uuid, text, text),
  public.delete_review(uuid),
  public.moderate_review(uuid, public.review_status, timestamptz, text)
  to authenticated, service_role;

-- The site shows the approved reviews: a change that approves one, changes an approved one or
-- takes one off the site (reported, rejected, deleted) raises the site's data version at commit,
-- as a change to any other table the site shows does (20261202100000_site_version.sql), so the
-- page the site Worker renders after it is served over the live build. A review waiting for
-- moderation changes nothing the site shows.
create constraint trigger bump_site_version_on_insert after insert on public.reviews
  deferrable initially deferred
  for each row when (new.status = 'approved')
  execute function private.bump_site_version();
create constraint trigger bump_site_version_on_update after update on public.reviews
  deferrable initially deferred
  for each row when (old.status = 'approved' or new.status = 'approved')
  execute function private.bump_site_version();
create constraint trigger bump_site_version_on_delete after delete on public.reviews
  deferrable initially deferred
  for each row when (old.status = 'approved')
  execute function private.bump_site_version();

-- An approved review shows its author's name (published_reviews' author_name): renaming an
-- account that has one changes the pages those reviews are on, so it raises the version at commit
-- as well. The name shown is the profile's name, else its user name (the views' expression); a
-- change that leaves it as it was, or an account with no approved review, raises nothing.
create function private.bump_site_version_for_author()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.reviews r where r.user_id = new.id and r.status = 'approved') then
    update private.site_version set version = version + 1;
  end if;
  return null;
end
$$;
revoke all on function private.bump_site_version_for_author()
  from public, anon, authenticated, service_role;
create constraint trigger bump_site_version_on_author_name after update on public.profiles
  deferrable initially deferred
  for each row when (
    coalesce(nullif(btrim(old.full_name), ''), nullif(old.username, ''), 'Visitante')
      is distinct from coalesce(nullif(btrim(new.full_name), ''), nullif(new.username, ''), 'Visitante')
  )
  execute function private.bump_site_version_for_author();
