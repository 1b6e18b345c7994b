-- A small stand-in for what a Supabase project has before our migrations run: the API roles,
-- the auth schema with auth.users and the JWT helpers, and the default privileges Supabase
-- gives the API roles on everything created in public (which the migrations must narrow).

create role anon nologin noinherit;
create role authenticated nologin noinherit;
-- Supabase's service role bypasses row level security.
create role service_role nologin noinherit bypassrls;

create schema auth;
grant usage on schema auth to anon, authenticated, service_role;

-- Owned by the superuser with no grants to the API roles, as in Supabase: only the auth server
-- writes it (a user's own metadata changes go through the auth API, never through SQL).
create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text unique,
  -- Set when the address is confirmed (the confirmation link, or a social provider's word).
  email_confirmed_at timestamptz null,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);

create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb;
$$;

create function auth.uid() returns uuid
language sql stable
as $$
  select nullif(auth.jwt() ->> 'sub', '')::uuid;
$$;

create function auth.role() returns text
language sql stable
as $$
  select auth.jwt() ->> 'role';
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated, service_role;

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
