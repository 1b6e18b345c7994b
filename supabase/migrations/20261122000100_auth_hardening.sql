-- Accounts hardening:
-- * Roles go only to confirmed addresses, so nobody can sign up with someone else's address
--   and be given that person's role before the real owner ever confirmed it.
-- * Display names are 1-100 characters; longer sign-up metadata is cut, not refused.
-- * has_role answers signed-in callers about themselves only (admins about anyone), so a plain
--   user cannot probe who the admins are.
-- * admin_list_users says whether each address is confirmed, for the role panel.

-- ============================================================================================
-- Display names
-- ============================================================================================

update public.profiles
set display_name = nullif(btrim(left(display_name, 100)), '')
where display_name is not null
  and (char_length(display_name) > 100 or btrim(display_name) = '');

alter table public.profiles
  add constraint profiles_display_name_length
  check (display_name is null or (char_length(display_name) <= 100 and btrim(display_name) <> ''));

comment on column public.profiles.display_name is 'Name given at sign-up or by a social provider, 1-100 characters, or null.';

create or replace function public.handle_new_user()
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
        left(
          btrim(
            coalesce(
              new.raw_user_meta_data ->> 'display_name',
              new.raw_user_meta_data ->> 'full_name',
              new.raw_user_meta_data ->> 'name',
              ''
            )
          ),
          100
        )
      ),
      ''
    )
  );
  insert into public.user_roles (user_id, role) values (new.id, 'user');
  return new;
end;
$$;

-- ============================================================================================
-- Role checks
-- ============================================================================================

create or replace function public.has_role(_user_id uuid, _role public.app_role)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
begin
  -- Signed-in callers ask about themselves; only an admin may ask about another account. The
  -- service role and the project owner carry no user id and may ask about anyone.
  if caller is not null
    and _user_id is distinct from caller
    and not exists (
      select 1 from public.user_roles r where r.user_id = caller and r.role = 'admin'
    ) then
    raise exception 'You can only check your own roles' using errcode = '42501';
  end if;
  return exists (
    select 1 from public.user_roles r where r.user_id = _user_id and r.role = _role
  );
end;
$$;

-- ============================================================================================
-- Admin-only role management
-- ============================================================================================

-- Returns 'email_required', 'user_not_found', 'email_unconfirmed', 'already_has_role' or
-- 'assigned'; the panel maps each to its message. The address matches case-insensitively.
create or replace function public.admin_assign_role(target_email text, new_role public.app_role)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  target uuid;
  confirmed timestamptz;
begin
  perform public.assert_admin();
  if coalesce(btrim(target_email), '') = '' then
    return 'email_required';
  end if;
  select p.user_id, u.email_confirmed_at into target, confirmed
  from public.profiles p
  join auth.users u on u.id = p.user_id
  where lower(p.email) = lower(btrim(target_email))
  order by p.created_at
  limit 1;
  if target is null then
    return 'user_not_found';
  end if;
  if confirmed is null then
    return 'email_unconfirmed';
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

-- A new column in the answer needs a new function.
drop function public.admin_list_users();

create function public.admin_list_users()
returns table (
  user_id uuid,
  email text,
  display_name text,
  created_at timestamptz,
  email_confirmed boolean,
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
      u.email_confirmed_at is not null,
      coalesce(array_agg(r.role order by r.role) filter (where r.role is not null), '{}')
    from public.profiles p
    join auth.users u on u.id = p.user_id
    left join public.user_roles r on r.user_id = p.user_id
    group by p.user_id, u.email_confirmed_at
    order by p.created_at, p.email;
end;
$$;

comment on function public.admin_list_users() is 'Every account with its roles and whether its address is confirmed, for the role-management panel. Admins only.';

revoke execute on function public.admin_list_users() from public, anon;
grant execute on function public.admin_list_users() to authenticated;
