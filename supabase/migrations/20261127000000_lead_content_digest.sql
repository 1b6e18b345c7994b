-- An idempotency key names one lead.
--
-- The Worker derives a lead's id from its Idempotency-Key and a digest of what the lead says
-- (SHA-256 over its columns), and stores the digest beside the key. A retry with the same key
-- and the same content finds its row; the same key with other content is refused with 422
-- (or, for a lead already queued and acknowledged, kept as a lead of its own without the key).
-- The notification email's idempotency key names the digest too.
--
-- Rows stored before this migration keep a null digest; the Worker works theirs out from the
-- row when it needs it.

alter table public.leads
  add column content_digest text null
    constraint leads_content_digest_format check (content_digest ~ '^[0-9a-f]{64}$');

comment on column public.leads.content_digest is 'SHA-256 (hex) of the lead''s content, written with idempotency_key: the one lead that key names. Null on rows stored before digests were.';
