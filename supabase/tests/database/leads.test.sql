-- Leads: run with `supabase test db`. The same cases run on PGlite in tests/db.
begin;
create extension if not exists pgtap with schema extensions;
select plan(19);

insert into auth.users (id, email) values
  ('00000000-0000-4000-8000-0000000000a1', 'admin@example.com'),
  ('00000000-0000-4000-8000-0000000000b1', 'user@example.com');
insert into public.user_roles (user_id, role) values ('00000000-0000-4000-8000-0000000000a1', 'admin');
insert into public.leads (name, email, company, current_challenge, budget, timeline, priorities, idempotency_key)
values ('Stored Lead', 'lead@example.org', 'Lead Co', 'Website traffic and visibility',
        'Under $500/month', 'Within 30 days', 'More customers.', 'stored-key');

select ok((select relrowsecurity from pg_class where oid = 'public.leads'::regclass), 'RLS on leads');

set local role anon;
set local request.jwt.claims to '{"role":"anon"}';
select throws_ok('select * from public.leads', '42501', null, 'anon cannot read leads');
select throws_ok($$ insert into public.leads (name, email, company, current_challenge, budget, timeline, priorities)
  values ('a', 'a@example.org', 'a', 'a', 'a', 'a', 'a') $$, '42501', null, 'anon cannot insert leads');
reset role;

set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-0000000000b1","role":"authenticated"}';
select results_eq('select count(*)::int from public.leads', 'values (0)', 'a plain user sees no leads');
select throws_ok($$ insert into public.leads (name, email, company, current_challenge, budget, timeline, priorities)
  values ('a', 'a@example.org', 'a', 'a', 'a', 'a', 'a') $$, '42501', null, 'a plain user cannot insert leads');
reset role;

set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-0000000000a1","role":"authenticated"}';
select results_eq('select name from public.leads', $$ values ('Stored Lead'::text) $$, 'an admin reads leads');
select results_eq('with marked as (update public.leads set contacted_at = now() returning 1) select count(*)::int from marked',
  'values (1)', 'an admin marks a lead contacted');
select throws_ok($$ update public.leads set name = 'x' $$, '42501', null, 'an admin cannot rewrite a lead');
select throws_ok('delete from public.leads', '42501', null, 'an admin cannot delete leads directly');
reset role;

set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-0000000000b1","role":"authenticated"}';
select results_eq('with marked as (update public.leads set contacted_at = now() returning 1) select count(*)::int from marked',
  'values (0)', 'a plain user marks nothing');
select throws_ok($$ select public.admin_delete_lead(gen_random_uuid()) $$, '42501', null, 'a plain user cannot erase leads');
reset role;

set local role service_role;
set local request.jwt.claims to '{"role":"service_role"}';
select lives_ok($$ insert into public.leads (name, email, company, current_challenge, budget, timeline, priorities, idempotency_key)
  values ('New Lead', 'new@example.org', 'New Co', 'a', 'b', 'c', 'd', 'new-key') $$, 'the service role inserts leads');
select throws_ok($$ insert into public.leads (name, email, company, current_challenge, budget, timeline, priorities, idempotency_key)
  values ('Again', 'new@example.org', 'New Co', 'a', 'b', 'c', 'd', 'new-key') $$, '23505', null, 'an idempotency key is used once');
select results_eq('select count(*)::int from public.leads', 'values (2)', 'the service role reads leads');
select throws_ok($$ insert into public.leads (kind, email) values ('chat', 'a@example.org') $$,
  '23514', null, 'a chat lead needs its transcript');
select lives_ok($$ insert into public.leads (kind, email, transcript, idempotency_key, content_digest)
  values ('chat', 'pat@example.org', '[{"role":"user","content":"Hi"}]', 'digest-key', repeat('ab', 32)) $$,
  'the service role stores a content digest with its key');
select throws_ok($$ insert into public.leads (kind, email, transcript, content_digest)
  values ('chat', 'pat@example.org', '[{"role":"user","content":"Hi"}]', 'sha256') $$,
  '23514', null, 'a content digest is 64 hex digits');
select throws_ok($$ update public.leads set content_digest = null $$, '42501', null,
  'a stored content digest cannot be rewritten');
reset role;

set local role authenticated;
set local request.jwt.claims to '{"sub":"00000000-0000-4000-8000-0000000000a1","role":"authenticated"}';
select is((select public.admin_delete_lead(id) from public.leads where name = 'Stored Lead'), 'deleted',
  'an admin erases a lead through admin_delete_lead');
reset role;

select * from finish();
rollback;
