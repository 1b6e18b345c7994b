-- What prospects ask the chat advisor, so the firm learns what its content misses.
--
-- The Worker records each question the advisor answered (masked: no email address or phone
-- number survives), what the answer cited, how sure it was, whether it declined or offered a
-- person, and the visitor's rating of it if they gave one. Nothing identifies the visitor: no
-- address, no identifier, no cookie. Rows are deleted 90 days after they were asked, by the
-- Worker's Cron Trigger through purge_advisor_questions(). Admins read them in "What prospects
-- ask" beside the leads inbox and mark a topic covered once new content answers it.

-- ============================================================================================
-- Table
-- ============================================================================================

create table public.advisor_questions (
  id uuid primary key default gen_random_uuid(),
  -- The reply's id, as the chat island holds it, so a rating finds its question.
  answer_id text not null unique check (length(answer_id) between 8 and 200),
  created_at timestamptz not null default now(),
  question text not null check (length(question) between 1 and 500),
  reply text not null check (length(reply) <= 4000),
  -- The sections the answer cited (path#anchor), best first.
  sections text[] not null default '{}' check (cardinality(sections) <= 10),
  confidence real not null check (confidence between 0 and 1),
  declined boolean not null default false,
  handed_off boolean not null default false,
  rating text null check (rating in ('helpful', 'not_helpful')),
  comment text null check (length(comment) <= 500),
  rated_at timestamptz null,
  -- Set by an admin once new content covers the question.
  covered_at timestamptz null
);

comment on table public.advisor_questions is 'Questions asked of the chat advisor, masked, with what the answer cited, its confidence, and the visitor''s rating. No visitor identifier. Deleted after 90 days.';

alter table public.advisor_questions enable row level security;

create index advisor_questions_created_at_idx on public.advisor_questions (created_at desc);

-- ============================================================================================
-- Grants and policies
-- ============================================================================================

-- Supabase grants every table to the API roles by default; visitors get nothing here.
revoke all on public.advisor_questions from anon, authenticated, service_role;

-- The Worker records questions and ratings with the service role, and nothing else.
grant select, insert on public.advisor_questions to service_role;
grant update (rating, comment, rated_at) on public.advisor_questions to service_role;

create policy "Service role can record questions"
  on public.advisor_questions for insert
  to service_role
  with check (true);

create policy "Service role can find a question to rate"
  on public.advisor_questions for select
  to service_role
  using (true);

-- The Worker rates only an unrated question (`rating is null` in its update): one rating each.
create policy "Service role can record a rating"
  on public.advisor_questions for update
  to service_role
  using (true)
  with check (true);

-- Admins read every question, and mark one covered: that column and no other.
grant select on public.advisor_questions to authenticated;
grant update (covered_at) on public.advisor_questions to authenticated;

create policy "Admins can read questions"
  on public.advisor_questions for select
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')));

create policy "Admins can mark questions covered"
  on public.advisor_questions for update
  to authenticated
  using ((select public.has_role((select auth.uid()), 'admin')))
  with check ((select public.has_role((select auth.uid()), 'admin')));

-- ============================================================================================
-- The 90-day clean-up
-- ============================================================================================

-- Deletes what is older than 90 days; answers how many rows went. Nobody holds DELETE on the
-- table: the Worker's Cron Trigger calls this with the service role.
create function public.purge_advisor_questions()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.advisor_questions q where q.created_at < now() - interval '90 days';
  get diagnostics removed = row_count;
  return removed;
end;
$$;

comment on function public.purge_advisor_questions() is 'Deletes advisor questions older than 90 days. Called by the Worker''s Cron Trigger.';

revoke execute on function public.purge_advisor_questions() from public, anon, authenticated;
grant execute on function public.purge_advisor_questions() to service_role;
