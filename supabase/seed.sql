-- Local development data for `supabase db reset`. Roles are never self-assigned (see the
-- accounts migration): the first admin is appointed here, or on the hosted project by the
-- owner in the SQL editor, after that person has signed up:
--
--   insert into public.user_roles (user_id, role)
--   select user_id, 'admin' from public.profiles where lower(email) = lower('owner@example.com')
--   on conflict do nothing;
--
-- After that, admins manage every other role from the role-management panel on the home page.

insert into public.user_roles (user_id, role)
select user_id, 'admin' from public.profiles where lower(email) = lower('admin@example.com')
on conflict do nothing;
