-- State that only db/local's Auth server keeps (hosted Supabase has its own equivalents):
-- sessions, rotating refresh tokens, PKCE flow states and the local mailbox. Only the server
-- (connected as the database owner) touches these tables; the API roles get no grants on them.
-- Every statement is idempotent so it can run on each start.

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  amr_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  code_challenge text not null,
  code_challenge_method text not null,
  authentication_method text not null,
  auth_code text unique,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now()
);

create table if not exists auth.local_mailbox (
  id bigserial primary key,
  to_email text not null,
  subject text not null,
  body text not null,
  link text not null,
  kind text not null,
  created_at timestamptz not null default now()
);

revoke all on auth.sessions, auth.refresh_tokens, auth.flow_state, auth.local_mailbox
  from anon, authenticated, service_role;
