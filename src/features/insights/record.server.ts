/**
 * Recording what prospects ask (`advisor_questions`, supabase/migrations): each answered
 * question, masked, with what the answer cited; a visitor's rating of it; and the 90-day
 * clean-up the Cron Trigger runs. Nothing about the visitor is stored. Recording happens after
 * the answer is sent (waitUntil) and a failure is only logged: it never slows or breaks a reply.
 */
import { isDevelopment, type Env } from '#server/env';
import { log } from '#server/log';
import { callRpc, insertRow, postgrestConfig, updateWhere } from '#server/supabase-rest';
import type { Rating } from './contract';
import { COMMENT_MAX, keepable } from './mask';

/** The configuration recording reads. */
export interface InsightsEnv extends Env {
  /** `off` turns recording off; in development it is off unless `on`. */
  ADVISOR_INSIGHTS?: string;
}

/** One answered question, as the advisor describes its reply. */
export interface AnsweredQuestion {
  answerId: string;
  /** The island's id of the conversation, when it sent one: a question counts once in it. */
  conversation?: string | undefined;
  question: string;
  reply: string;
  /** The sections the answer cited (path#anchor), best first. */
  sections: readonly string[];
  confidence: number;
  declined: boolean;
  handedOff: boolean;
}

/** How long the database may take before a recording counts as failed. */
const TIMEOUT_MS = 5_000;
const REPLY_MAX = 4_000;

const OFF = new Set(['off', '0', 'false', 'no']);
const ON = new Set(['on', '1', 'true', 'yes']);

/**
 * Whether questions are recorded: with a database, on in production unless ADVISOR_INSIGHTS is
 * `off`, and in development only when it is `on`.
 */
export function insightsEnabled(env: InsightsEnv): boolean {
  const setting = env.ADVISOR_INSIGHTS?.trim().toLowerCase() ?? '';
  if (OFF.has(setting)) return false;
  if (isDevelopment(env) && !ON.has(setting)) return false;
  return postgrestConfig(env) !== undefined;
}

/**
 * What makes a recorded question count once: within a conversation, the question as asked
 * (case and spacing aside), as a digest; without one, the answer itself.
 */
async function questionKey(q: AnsweredQuestion, question: string): Promise<string> {
  if (!q.conversation) return `answer:${q.answerId}`;
  const asked = question.toLowerCase().replace(/\s+/g, ' ').trim();
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${q.conversation}\n${asked}`),
  );
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `conversation:${hex}`;
}

/** Records one answered question, once per conversation; resolves whether it was stored. */
export async function recordQuestion(env: InsightsEnv, q: AnsweredQuestion): Promise<boolean> {
  const db = postgrestConfig(env);
  if (!db || !insightsEnabled(env)) return false;
  try {
    const question = keepable(q.question);
    await insertRow(
      db,
      'advisor_questions',
      {
        answer_id: q.answerId,
        question_key: await questionKey(q, question),
        question,
        reply: keepable(q.reply, REPLY_MAX),
        sections: q.sections.slice(0, 10),
        confidence: Math.min(1, Math.max(0, Number.isFinite(q.confidence) ? q.confidence : 0)),
        declined: q.declined,
        handed_off: q.handedOff,
      },
      { timeoutMs: TIMEOUT_MS, onConflict: 'question_key', ignoreDuplicates: true },
    );
    return true;
  } catch (err) {
    log.error('insights.question_not_recorded', { error: err });
    return false;
  }
}

/** Records a rating on an answer not rated yet; resolves whether one was stored. */
export async function recordRating(
  env: InsightsEnv,
  answerId: string,
  rating: Rating,
  comment: string | undefined,
): Promise<boolean> {
  const db = postgrestConfig(env);
  if (!db || !insightsEnabled(env)) return false;
  try {
    const rows = await updateWhere(
      db,
      'advisor_questions',
      { answer_id: `eq.${answerId}`, rating: 'is.null', select: 'id' },
      {
        rating,
        comment: comment ? keepable(comment, COMMENT_MAX) : null,
        rated_at: new Date().toISOString(),
      },
      { timeoutMs: TIMEOUT_MS },
    );
    return rows.length > 0;
  } catch (err) {
    log.error('insights.rating_not_recorded', { error: err });
    return false;
  }
}

/** The Cron Trigger's clean-up: deletes questions older than 90 days; answers how many. */
export async function purgeOldQuestions(env: InsightsEnv): Promise<number | undefined> {
  const db = postgrestConfig(env);
  if (!db) return undefined;
  const removed = await callRpc<number>(
    db,
    'purge_advisor_questions',
    {},
    { timeoutMs: TIMEOUT_MS },
  );
  log.info('cron.purge_questions', { removed });
  return removed;
}
