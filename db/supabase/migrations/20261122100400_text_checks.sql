-- The text checks with their character classes spelled out, so that the database accepts what the
-- write schemas (db/domain) accept. [:space:] and [:cntrl:] follow the server's C library: PGlite
-- counts U+0085 as a space and U+1680 not, PostgreSQL 15 the reverse, neither counts U+00A0 or
-- U+FEFF. The sets below are JavaScript's: the whitespace trim() removes (and \s matches), and the
-- control characters of \p{Cc}. sql-zod-agreement.test.ts checks both sides on generated rows.

-- Text with at least one visible character and at most max_length characters (code points).
create or replace function private.is_text(value text, max_length integer)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null
    and value ~ '[^\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]'
    and char_length(value) <= max_length
$$;

-- An image address: an http(s) URL or a site path ("/…"), no whitespace, control characters or
-- backslashes (browsers read "/\host" as another site).
create or replace function private.is_image_url(value text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null
    and char_length(value) <= 2048
    and value !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\\]'
    and (value ~* '^https?://[^/?#]+' or value ~ '^/[^/]')
$$;

-- A button link: a site path ("/" or "/…", never "//host") or an http(s) URL.
create or replace function private.is_link(value text)
returns boolean
language sql immutable
set search_path = ''
as $$
  select value is not null
    and char_length(value) <= 2048
    and value !~ '[\u0001-\u0020\u007f-\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\\]'
    and (value ~* '^https?://[^/?#]+' or value ~ '^/([^/]|$)')
$$;

-- The contact e-mail is empty or an address, by the write schema's pattern (zod's email()).
-- NOT VALID: rows already stored are not rechecked; every later write is.
alter table public.site_settings drop constraint if exists site_settings_contact_email_check;
alter table public.site_settings add constraint site_settings_contact_email_check check (
  setting_key <> 'contact_email'
  or setting_value = ''
  or setting_value ~ '^([A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
) not valid;
