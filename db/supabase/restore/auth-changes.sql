-- What our migrations add to Supabase's own `auth` schema, which a restore does not bring back:
-- `supabase db dump` leaves the auth schema to the platform ("omit internal schemas as they are
-- maintained by platform", the CLI's dump script), and pg_dump writes a table's triggers only
-- with its table, so the triggers on auth.users are in none of the three files. Supabase's guide
-- says so ("If you have modified the auth and storage schemas in your old project, such as adding
-- triggers or Row Level Security (RLS) policies, you have to restore them separately", *Backup
-- and Restore using the CLI*). Without them a restored project gives a new account no profile and
-- no role, and a deleted account's e-mail stays in the history and the trash, and its reviews stay.
--
-- Run after the restore (README, "Backups and restore"), as `postgres`:
--   psql --variable ON_ERROR_STOP=1 --file db/supabase/restore/auth-changes.sql --dbname "$DB_URL"
-- Idempotent. The restore drill (tests/test/backup-restore) compares every trigger, policy and
-- grant on auth's tables with the original's, so a migration that adds one to auth must add it here.

create or replace trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

create or replace trigger on_auth_user_deleted after delete on auth.users
  for each row execute function private.forget_account_email();

create or replace trigger forget_account_reviews before delete on auth.users
  for each row execute function private.forget_account_reviews();
