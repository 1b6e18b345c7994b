-- Leads the Worker could not store.
--
-- Every accepted lead travels through the Worker's lead queue; its consumer stores the lead in
-- public.leads and notifies the firm, retrying with backoff while the database or the email is
-- down. A lead the database refuses outright (a 4xx), or one still not stored when its retries
-- run out, goes to the dead-letter queue, whose consumer keeps it here: the whole message as
-- JSON text (escaped, so any character the visitor typed survives) and why it failed. Admins
-- see these in the leads inbox and delete one once they have dealt with it.

-- ============================================================================================
-- Table
-- ============================================================================================

create table public.lead_dead_letters (
  id uuid primary key,
  failed_at timestamptz not null default now(),
  error text not null check (length(error) <= 1000),
  payload text not null check (length(payload) <= 262144)
);

comment on table public.lead_dead_letters is 'Leads the lead queue could not store in public.leads: id is the lead''s id, payload the queue message as JSON text, error the last reason. Written by the Worker (service role); admins read and delete.';

alter table public.lead_dead_letters enable row level security;

-- ============================================================================================
-- Grants and policies
-- ============================================================================================

-- Supabase grants every table to the API roles by default; visitors get nothing here.
revoke all on public.lead_dead_letters from anon, authenticated, service_role;
grant select, insert on public.lead_dead_letters to service_role;
grant select, delete on public.lead_dead_letters to authenticated;

create policy "Service role can keep dead letters"
  on public.lead_dead_letters for insert
  to service_role
  with check (true);

create policy "Service role can read dead letters"
  on public.lead_dead_letters for select
  to service_role
  using (true);

create policy "Admins can read dead letters"
  on public.lead_dead_letters for select
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

create policy "Admins can delete dead letters they have dealt with"
  on public.lead_dead_letters for delete
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));
