-- The scheduled resend of lead notifications. Every ten minutes Supabase Cron (pg_cron) calls
-- the site's POST /api/leads/resend through pg_net; the function emails every lead of the last
-- seven days that the firm was not told about (at most 24 tries each, ten leads a run). A lead
-- is never emailed twice: see src/features/leads/outbox.server.ts.
--
-- This is not a migration: it holds the site's address and a secret. Run it once in the SQL
-- editor of the hosted project after replacing the placeholders:
--
--   <SITE_ORIGIN>        the site's public origin, e.g. https://www.example.com
--   <LEADS_CRON_SECRET>  the value of LEADS_CRON_SECRET in the Pages project: at least 32
--                        random characters, e.g. from `openssl rand -hex 32`
--
-- Check the last runs:
--   select status_code, content from net._http_response order by created desc limit 5;
-- Change the secret (then change LEADS_CRON_SECRET to match):
--   select vault.update_secret(
--     (select id from vault.secrets where name = 'leads_cron_secret'), '<NEW_SECRET>');
-- Stop the job:
--   select cron.unschedule('resend-lead-notifications');

create extension if not exists pg_cron;
create extension if not exists pg_net;

-- In Vault, not in the job's text: cron.job is readable by anyone with dashboard access.
select vault.create_secret('<LEADS_CRON_SECRET>', 'leads_cron_secret', 'Bearer secret of POST /api/leads/resend');
select vault.create_secret('<SITE_ORIGIN>', 'site_origin', 'Origin of the public website');

-- Scheduling under an existing name replaces that job.
select cron.schedule(
  'resend-lead-notifications',
  '*/10 * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'site_origin')
      || '/api/leads/resend',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (
        select decrypted_secret from vault.decrypted_secrets where name = 'leads_cron_secret'
      )
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 60000
  ) as request_id;
  $$
);
