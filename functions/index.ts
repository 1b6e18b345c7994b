/**
 * The Worker: one entry for the platform's three events.
 * - fetch: the router (./router.ts): the API, the IndexNow key file, and the built site.
 * - queue: the lead queue and its dead letters (src/features/leads/queue.server.ts).
 * - scheduled: the Cron Trigger (wrangler.toml): resend lead notifications the firm missed, and
 *   delete advisor questions older than 90 days. One job failing does not stop the other.
 * Each request, queue batch and cron run logs under its own id (src/server/log.ts).
 */
import type { Env, QueueBatch } from '#server/env';
import { consumeLeadBatch } from '#features/leads/queue.server';
import { resendUnnotified } from '#features/leads/resend.server';
import { purgeOldQuestions } from '#features/insights/index.server';
import { newRunId, withRequestId } from '#server/log';
import { createApp } from './router';

/** What the platform passes the scheduled handler (the parts used here). */
interface ScheduledEvent {
  readonly cron: string;
  readonly scheduledTime: number;
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  props: unknown;
}

const app = createApp();

export default {
  fetch: app.fetch,
  queue: (batch: QueueBatch<unknown>, env: Env) =>
    withRequestId(newRunId('queue'), () => consumeLeadBatch(batch, env)),
  scheduled: (_event: ScheduledEvent, env: Env) =>
    withRequestId(newRunId('cron'), async () => {
      const jobs = await Promise.allSettled([resendUnnotified(env), purgeOldQuestions(env)]);
      const failed = jobs.find((j) => j.status === 'rejected');
      if (failed) throw failed.reason;
    }),
} satisfies {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => Response | Promise<Response>;
  queue: (batch: QueueBatch<unknown>, env: Env) => Promise<void>;
  scheduled: (event: ScheduledEvent, env: Env) => Promise<void>;
};
