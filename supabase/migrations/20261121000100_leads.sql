-- Leads: every questionnaire answer. The questionnaire function inserts through PostgREST with
-- the service-role key; admins read them; nobody else can read or write.

-- ============================================================================================
-- Table
-- ============================================================================================

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  name text not null,
  email text not null,
  company text not null,
  current_challenge text not null,
  budget text not null,
  timeline text not null,
  priorities text not null,
  additional_info text not null default '',
  source text null,
  idempotency_key text unique null
);

comment on table public.leads is 'Consultation questionnaire answers. source is the page the visitor came from; idempotency_key makes a retried submission store one row.';

alter table public.leads enable row level security;

-- ============================================================================================
-- Grants and policies
-- ============================================================================================

-- Supabase grants every table to the API roles by default; visitors get nothing here.
revoke all on public.leads from anon, authenticated, service_role;
grant select on public.leads to authenticated;
grant select, insert on public.leads to service_role;

create policy "Service role can insert leads"
  on public.leads for insert
  to service_role
  with check (true);

create policy "Service role can read leads"
  on public.leads for select
  to service_role
  using (true);

create policy "Admins can read leads"
  on public.leads for select
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));
