-- "What prospects ask" counts a question once per conversation.
--
-- The Worker now stores, with each question, a key that is the same for the same question asked
-- again in the same chat conversation (a digest of the chat island's random conversation id and
-- the question as asked), or the answer's own id when the island sent no conversation id. The
-- Worker inserts with `on conflict (question_key) do nothing`, so a question repeated within one
-- conversation is recorded once. The key identifies nothing about the visitor.

alter table public.advisor_questions
  add column question_key text null unique check (length(question_key) between 8 and 200);

comment on column public.advisor_questions.question_key is 'The same for a question asked again in the same chat conversation (digest of the conversation id and the question), else the answer id. Unique: a question counts once per conversation.';
