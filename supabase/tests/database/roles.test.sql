-- Roles and profiles: run with `supabase test db`. The same cases run on PGlite in tests/db.
begin;
create extension if not exists pgtap with schema extensions;
select plan(38);

-- Accounts, created as the auth server would; the trigger gives each the user role.
insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at) values
  ('00000000-0000-4000-8000-00000000000a', 'admin@example.com', '{"display_name":"Ada Admin"}', now()),
  ('00000000-0000-4000-8000-00000000000e', 'editor@example.com', '{"display_name":"Eddie Editor"}', now()),
  ('00000000-0000-4000-8000-00000000000b', 'user@example.com', '{"display_name":"Uma User","role":"admin"}', now()),
  ('00000000-0000-4000-8000-00000000000c', 'Other.Person@Example.com', '{"full_name":"Olive Other"}', now()),
  ('00000000-0000-4000-8000-00000000000d', 'pending@example.com', '{}', null);
insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-8000-00000000000a', 'admin'),
  ('00000000-0000-4000-8000-00000000000e', 'editor');

-- Schema ------------------------------------------------------------------------------------
select ok((select relrowsecurity from pg_class where oid = 'public.profiles'::regclass), 'RLS on profiles');
select ok((select relrowsecurity from pg_class where oid = 'public.user_roles'::regclass), 'RLS on user_roles');
select ok(not has_table_privilege('authenticated', 'public.user_roles', 'INSERT'), 'authenticated cannot insert roles');
select ok(not has_table_privilege('authenticated', 'public.user_roles', 'UPDATE'), 'authenticated cannot update roles');
select ok(not has_table_privilege('authenticated', 'public.user_roles', 'DELETE'), 'authenticated cannot delete roles');
select ok(not has_function_privilege('anon', 'public.admin_list_users()', 'EXECUTE'), 'anon cannot list users');

-- Trigger -----------------------------------------------------------------------------------
select results_eq(
  $$ select display_name from public.profiles where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  $$ values ('Uma User'::text) $$,
  'display name comes from the sign-up metadata');
select results_eq(
  $$ select display_name from public.profiles where user_id = '00000000-0000-4000-8000-00000000000c' $$,
  $$ values ('Olive Other'::text) $$,
  'a social provider name is used when no display name was given');
select results_eq(
  $$ select role::text from public.user_roles where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  $$ values ('user'::text) $$,
  'a new account gets the user role and nothing from its metadata');
update auth.users set email = 'uma@example.org' where id = '00000000-0000-4000-8000-00000000000b';
select results_eq(
  $$ select email from public.profiles where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  $$ values ('uma@example.org'::text) $$,
  'an email change reaches the profile');
update auth.users set email = 'user@example.com' where id = '00000000-0000-4000-8000-00000000000b';

-- Anonymous ---------------------------------------------------------------------------------
set local role anon;
set local request.jwt.claims to '{"role":"anon"}';
select throws_ok('select * from public.user_roles', '42501', null, 'anon cannot read roles');
select throws_ok('select * from public.profiles', '42501', null, 'anon cannot read profiles');
select throws_ok('select public.get_current_user_roles()', '42501', null, 'anon has no roles RPC');
select throws_ok($$ select public.admin_assign_role('user@example.com', 'admin') $$, '42501', null, 'anon cannot assign');
reset role;

-- A plain user ------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-00000000000b","role":"authenticated"}';
select is(public.get_current_user_roles()::text[], array['user'], 'a user sees their own role');
select results_eq('select count(*)::int from public.user_roles', 'values (1)', 'and only their own role rows');
select results_eq('select count(*)::int from public.profiles', 'values (1)', 'and only their own profile');
select throws_ok($$ insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-00000000000b', 'admin') $$,
  '42501', null, 'a user cannot insert an admin role for themselves');
select throws_ok($$ update public.user_roles set role = 'admin' where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  '42501', null, 'a user cannot update their role');
select throws_ok($$ delete from public.user_roles where role = 'admin' $$,
  '42501', null, 'a user cannot delete roles');
select throws_ok($$ select public.admin_assign_role('user@example.com', 'admin') $$,
  '42501', null, 'a user cannot call admin_assign_role');
select throws_ok('select * from public.admin_list_users()', '42501', null, 'a user cannot list users');
select throws_ok($$ select public.admin_remove_role('00000000-0000-4000-8000-00000000000a', 'admin') $$,
  '42501', null, 'a user cannot remove roles');
select throws_ok($$ update public.profiles set email = 'admin@example.com' where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  '42501', null, 'a user cannot change their profile email');
select throws_ok($$ update public.profiles set user_id = '00000000-0000-4000-8000-00000000000a' where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  '42501', null, 'a user cannot change their profile user_id');
select throws_ok($$ update auth.users set raw_user_meta_data = '{"role":"admin"}' where id = '00000000-0000-4000-8000-00000000000b' $$,
  '42501', null, 'a user cannot edit auth.users metadata through SQL');
select lives_ok($$ update public.profiles set display_name = 'Uma' where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  'a user can change their own display name');
select throws_ok($$ update public.profiles set display_name = repeat('x', 101) where user_id = '00000000-0000-4000-8000-00000000000b' $$,
  '23514', null, 'a display name is at most 100 characters');
select throws_ok($$ select public.has_role('00000000-0000-4000-8000-00000000000a', 'admin') $$,
  '42501', null, 'a user cannot ask has_role about another account');
select is(public.has_role('00000000-0000-4000-8000-00000000000b', 'user'), true, 'a user can ask has_role about themselves');
reset role;

-- An editor ---------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-00000000000e","role":"authenticated"}';
select throws_ok($$ select public.admin_assign_role('editor@example.com', 'admin') $$,
  '42501', null, 'an editor cannot call admin_assign_role');
reset role;

-- An admin ----------------------------------------------------------------------------------
set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-00000000000a","role":"authenticated"}';
select results_eq('select count(*)::int from public.admin_list_users()', 'values (5)', 'an admin lists every user');
select is(public.admin_assign_role(' OTHER.person@example.COM ', 'editor'), 'assigned', 'assignment matches email case-insensitively');
select is(public.admin_assign_role('other.person@example.com', 'editor'), 'already_has_role', 'a held role is not assigned twice');
select is(public.admin_assign_role('nobody@example.com', 'user'), 'user_not_found', 'unknown addresses are reported');
select is(public.admin_assign_role('pending@example.com', 'editor'), 'email_unconfirmed', 'an unconfirmed address gets no role');
select is(public.has_role('00000000-0000-4000-8000-00000000000e', 'editor'), true, 'an admin can ask has_role about anyone');
select is(public.admin_remove_role('00000000-0000-4000-8000-00000000000a', 'admin'), 'last_admin', 'the last admin cannot be removed');
reset role;

select * from finish();
rollback;
