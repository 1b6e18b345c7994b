-- Leads inbox and notification outbox.
--
-- * Chat hand-off leads live beside questionnaire answers (kind, transcript), with a check per
--   kind so each row holds exactly what its kind collects.
-- * The functions record whether the firm was notified (notified_at, attempts, last error) and
--   claim a lead before emailing it (notify_claimed_at), so the request that stored the lead, an
--   admin's 'Resend notification' and the scheduled job never send the same lead's email twice.
-- * Admins read every lead in the inbox on the home page and mark it contacted; that status
--   column is all they may change. A lead is deleted only through admin_delete_lead, for
--   privacy-erasure requests.

-- ============================================================================================
-- Chat hand-off leads
-- ============================================================================================

alter table public.leads
  add column kind text not null default 'questionnaire',
  add column transcript jsonb null;

alter table public.leads
  alter column name drop not null,
  alter column company drop not null,
  alter column current_challenge drop not null,
  alter column budget drop not null,
  alter column timeline drop not null,
  alter column priorities drop not null;

alter table public.leads
  add constraint leads_kind_check check (kind in ('questionnaire', 'chat')),
  add constraint leads_questionnaire_answers check (
    kind <> 'questionnaire' or (
      name is not null and company is not null and current_challenge is not null
      and budget is not null and timeline is not null and priorities is not null
      and transcript is null
    )
  ),
  add constraint leads_chat_transcript check (
    kind <> 'chat' or (
      transcript is not null
      and jsonb_typeof(transcript) = 'array'
      and jsonb_array_length(transcript) between 1 and 30
      and company is null and current_challenge is null and budget is null
      and timeline is null and priorities is null and additional_info = ''
    )
  );

comment on column public.leads.kind is 'questionnaire: the five-step questionnaire; chat: the advisor''s "leave your email" hand-off.';
comment on column public.leads.transcript is 'Chat leads only: the conversation as [{role, content}], at most 30 messages.';
comment on column public.leads.source is 'Slug of the page the visitor came from (the questionnaire''s ?from=, home for the dialog, the page the chat was opened on).';

-- ============================================================================================
-- Notification outbox and inbox status
-- ============================================================================================

alter table public.leads
  add column notified_at timestamptz null,
  add column notify_attempts integer not null default 0 check (notify_attempts >= 0),
  add column last_notify_error text null,
  add column notify_claimed_at timestamptz null,
  add column contacted_at timestamptz null;

comment on column public.leads.notified_at is 'When the notification email was accepted by the email API; null until then.';
comment on column public.leads.notify_attempts is 'Notification emails tried so far, by any path.';
comment on column public.leads.last_notify_error is 'Why the last attempt failed, without the lead''s contents; null after a success.';
comment on column public.leads.notify_claimed_at is 'Set by the sender that is emailing the lead right now; a claim older than two minutes is stale.';
comment on column public.leads.contacted_at is 'Set by an admin in the leads inbox once someone has replied to the lead.';

-- Leads from before this migration keep notified_at null: nobody can tell whether their email
-- went out, so the inbox shows them as not notified. The scheduled job only retries recent
-- leads (see functions), so deploying this sends no burst of old emails.

-- The inbox lists newest first; the scheduled job looks for unnotified leads.
create index leads_created_at_idx on public.leads (created_at desc);
create index leads_unnotified_idx on public.leads (created_at) where notified_at is null;

-- ============================================================================================
-- Grants and policies
-- ============================================================================================

-- The functions (service role) record notification state; nothing else about a lead changes.
grant update (notified_at, notify_attempts, last_notify_error, notify_claimed_at)
  on public.leads to service_role;

create policy "Service role can record notifications"
  on public.leads for update
  to service_role
  using (true)
  with check (true);

-- Admins mark leads contacted: that column and no other.
grant update (contacted_at) on public.leads to authenticated;

create policy "Admins can update the status of leads"
  on public.leads for update
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

-- ============================================================================================
-- Admin-only erasure
-- ============================================================================================

-- The guard's message now fits every admin_* function, not only the role ones.
create or replace function public.assert_admin()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.has_role((select auth.uid()), 'admin') then
    raise exception 'Only admins can do this' using errcode = '42501';
  end if;
end;
$$;

-- Returns 'deleted' or 'not_found'. Nobody holds DELETE on leads; this is the only way.
create function public.admin_delete_lead(target_lead_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.assert_admin();
  delete from public.leads l where l.id = target_lead_id;
  if not found then
    return 'not_found';
  end if;
  return 'deleted';
end;
$$;

comment on function public.admin_delete_lead(uuid) is 'Erases one lead for a privacy request. Admins only.';

revoke execute on function public.admin_delete_lead(uuid) from public, anon;
grant execute on function public.admin_delete_lead(uuid) to authenticated;
