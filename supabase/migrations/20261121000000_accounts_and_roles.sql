-- Accounts and roles: a profile per user, roles per user, the sign-up trigger, role checks and
-- the admin-only functions that manage roles.
--
-- Why there is no self-assign helper: the original site exposed a browser-console helper that let
-- any signed-in user insert an 'admin' row for themselves. Here `authenticated` holds no INSERT,
-- UPDATE or DELETE on user_roles, and every role change goes through admin_assign_role and
-- admin_remove_role, which check the caller's admin role inside the database. Nothing in this
-- schema lets a user grant a role to themselves, and the first admin is appointed by the project
-- owner with the service role or the SQL editor (see supabase/seed.sql).

-- ============================================================================================
-- Types
-- ============================================================================================

create type public.app_role as enum ('admin', 'editor', 'user');

comment on type public.app_role is 'Site roles: admin manages roles and search submission; editor and user are ordinary accounts.';

-- ============================================================================================
-- Profiles
-- ============================================================================================

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text,
  display_name text,
  created_at timestamptz not null default now()
);

comment on table public.profiles is 'One row per account, filled by a trigger on auth.users: the address and the display name given at sign-up.';

-- Role assignment looks addresses up case-insensitively.
create index profiles_email_lower_idx on public.profiles (lower(email));

alter table public.profiles enable row level security;

-- Supabase grants every table to the API roles by default; narrow it to what the policies allow.
-- Users may change their display name only: never their user_id or email.
revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (display_name) on public.profiles to authenticated;
grant all on public.profiles to service_role;

create policy "Users can read their own profile"
  on public.profiles for select
  to authenticated
  using ((select auth.uid()) = user_id);

create policy "Users can update their own profile"
  on public.profiles for update
  to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- ============================================================================================
-- User roles
-- ============================================================================================

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);

comment on table public.user_roles is 'Roles held by each account. Written only by the sign-up trigger and the admin_* functions.';

alter table public.user_roles enable row level security;

-- Read-only for signed-in users, and only their own rows: no write grant means no route to a role.
revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to authenticated;
grant all on public.user_roles to service_role;

create policy "Users can read their own roles"
  on public.user_roles for select
  to authenticated
  using ((select auth.uid()) = user_id);

-- ============================================================================================
-- Role checks
-- ============================================================================================

create function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r where r.user_id = _user_id and r.role = _role
  );
$$;

comment on function public.has_role(uuid, public.app_role) is 'Whether the account holds the role. Security definer so policies can call it without recursing into user_roles policies.';

revoke execute on function public.has_role(uuid, public.app_role) from public, anon;
grant execute on function public.has_role(uuid, public.app_role) to authenticated, service_role;

create function public.get_current_user_roles()
returns public.app_role[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(r.role order by r.role), '{}')
  from public.user_roles r
  where r.user_id = (select auth.uid());
$$;

comment on function public.get_current_user_roles() is 'The roles of the signed-in caller, as a list of role names.';

revoke execute on function public.get_current_user_roles() from public, anon;
grant execute on function public.get_current_user_roles() to authenticated, service_role;

-- Raises insufficient_privilege (PostgREST answers 403) unless the caller is an admin.
create function public.assert_admin()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'Only admins can manage roles' using errcode = '42501';
  end if;
end;
$$;

comment on function public.assert_admin() is 'Guard shared by the admin_* functions.';

-- Called only from the functions below, which run as their owner.
revoke execute on function public.assert_admin() from public, anon, authenticated;

-- ============================================================================================
-- Admin-only role management
-- ============================================================================================

create function public.admin_list_users()
returns table (
  user_id uuid,
  email text,
  display_name text,
  created_at timestamptz,
  roles public.app_role[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  return query
    select
      p.user_id,
      p.email,
      p.display_name,
      p.created_at,
      coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}')
    from public.profiles p
    left join public.user_roles r on r.user_id = p.user_id
    group by p.user_id
    order by p.created_at, p.email;
end;
$$;

comment on function public.admin_list_users() is 'Every account with its roles, for the role-management panel. Admins only.';

revoke execute on function public.admin_list_users() from public, anon;
grant execute on function public.admin_list_users() to authenticated;

-- Returns 'email_required', 'user_not_found', 'already_has_role' or 'assigned'; the panel maps
-- each to its message. The address matches case-insensitively.
create function public.admin_assign_role(target_email text, new_role public.app_role)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
begin
  perform public.assert_admin();
  if coalesce(btrim(target_email), '') = '' then
    return 'email_required';
  end if;
  select p.user_id into target
  from public.profiles p
  where lower(p.email) = lower(btrim(target_email))
  order by p.created_at
  limit 1;
  if target is null then
    return 'user_not_found';
  end if;
  insert into public.user_roles (user_id, role)
  values (target, new_role)
  on conflict (user_id, role) do nothing;
  if not found then
    return 'already_has_role';
  end if;
  return 'assigned';
end;
$$;

comment on function public.admin_assign_role(text, public.app_role) is 'Gives a role to the account with this address. Admins only.';

revoke execute on function public.admin_assign_role(text, public.app_role) from public, anon;
grant execute on function public.admin_assign_role(text, public.app_role) to authenticated;

-- Returns 'removed', 'not_held' or 'last_admin'. The last admin cannot be removed, or nobody
-- could manage roles again without the service role.
create function public.admin_remove_role(target_user_id uuid, old_role public.app_role)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  if old_role = 'admin' then
    -- Lock the admin rows so two admins removing each other at once cannot both succeed.
    perform 1 from public.user_roles r where r.role = 'admin' for update;
    if exists (
      select 1 from public.user_roles r where r.user_id = target_user_id and r.role = 'admin'
    ) and (select count(*) from public.user_roles r where r.role = 'admin') <= 1 then
      return 'last_admin';
    end if;
  end if;
  delete from public.user_roles r where r.user_id = target_user_id and r.role = old_role;
  if not found then
    return 'not_held';
  end if;
  return 'removed';
end;
$$;

comment on function public.admin_remove_role(uuid, public.app_role) is 'Takes a role away from an account, never the last admin role. Admins only.';

revoke execute on function public.admin_remove_role(uuid, public.app_role) from public, anon;
grant execute on function public.admin_remove_role(uuid, public.app_role) to authenticated;

-- ============================================================================================
-- Triggers on auth.users
-- ============================================================================================

-- A new account gets its profile (display name from the sign-up metadata, or the name a social
-- provider gives) and the 'user' role. Roles never come from metadata, which users can edit.
create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, email, display_name)
  values (
    new.id,
    new.email,
    nullif(
      btrim(
        coalesce(
          new.raw_user_meta_data ->> 'display_name',
          new.raw_user_meta_data ->> 'full_name',
          new.raw_user_meta_data ->> 'name',
          ''
        )
      ),
      ''
    )
  );
  insert into public.user_roles (user_id, role) values (new.id, 'user');
  return new;
end;
$$;

comment on function public.handle_new_user() is 'Fills profiles and gives the user role when an account is created.';

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- Keeps profiles.email equal to the confirmed address after an email change.
create function public.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = new.email where user_id = new.id;
  return new;
end;
$$;

comment on function public.handle_user_email_change() is 'Copies a changed auth.users email to profiles.';

revoke execute on function public.handle_user_email_change() from public, anon, authenticated;

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function public.handle_user_email_change();
