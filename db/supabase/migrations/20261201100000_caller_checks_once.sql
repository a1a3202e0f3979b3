-- Every policy checks its caller once per statement. A bare `public.is_admin()` or `auth.uid()`
-- in a policy runs for each row the statement reads; wrapped in a select of its own, Postgres
-- runs it once as an InitPlan (Supabase's RLS guide, "Call functions with select", and its
-- "Auth RLS InitPlan" lint). The admin's reads of the history and the trash count every row
-- (`count=exact`): on PostgreSQL 15 with 100,000 history rows 'Atividade recente''s count took
-- 77.9 s with the bare call and 76 ms wrapped, and hosted Supabase stops an authenticated
-- statement at 8 s. The conditions are the same; only when they are evaluated changes.

alter policy audit_log_admin_read on public.audit_log using ((select public.is_admin()));
alter policy trash_admin_read on public.trash using ((select public.is_admin()));

alter policy profiles_read_own on public.profiles
  using (id = (select auth.uid()) or (select public.is_admin()));
alter policy user_roles_read_own on public.user_roles
  using (user_id = (select auth.uid()) or (select public.is_admin()));

alter policy categories_read on public.categories
  using (is_active or (select public.is_admin()));
alter policy carousel_slides_read on public.carousel_slides
  using (is_active or (select public.is_admin()));

do $$
declare
  t text;
begin
  foreach t in array array['hospedagens', 'comercios', 'passeios', 'categories', 'carousel_slides']
  loop
    execute format('alter policy %I on public.%I with check ((select public.is_admin()))',
      t || '_admin_insert', t);
    execute format(
      'alter policy %I on public.%I using ((select public.is_admin())) with check ((select public.is_admin()))',
      t || '_admin_update', t);
    execute format('alter policy %I on public.%I using ((select public.is_admin()))',
      t || '_admin_delete', t);
  end loop;
end
$$;

alter policy site_settings_admin_insert on public.site_settings
  with check ((select public.is_admin()));
alter policy site_settings_admin_update on public.site_settings
  using ((select public.is_admin())) with check ((select public.is_admin()));
