/**
 * A Cloudflare Queue stand-in for tests: a producer binding that records what it is sent, and a
 * driver that delivers the pending messages to the Worker's consumer in batches as the platform
 * does: `ack()` removes a message, `retry()` delivers it again later with one more attempt, and
 * a message retried more than `maxRetries` times moves to the dead-letter queue. Delays are
 * recorded, not waited for: each `deliver` round is "later".
 */
import type { QueueBatch, QueueMessage, QueueProducer } from '#server/env';

interface Pending {
  id: string;
  body: unknown;
  attempts: number;
  delaySeconds: number;
}

export interface FakeQueue extends QueueProducer {
  readonly name: string;
  /** Every send, in order, with its delay. */
  readonly sent: { body: unknown; delaySeconds: number }[];
  /** Messages waiting for delivery. */
  readonly pending: Pending[];
  /** Every retry's delay, in order. */
  readonly retryDelays: number[];
  /** Makes the next `count` sends fail, as an unavailable queue does. */
  failNext(count: number): void;
}

/** A queue named `name`; messages retried more than `maxRetries` times go to `deadLetters`. */
export function createFakeQueue(
  name: string,
  options: { maxRetries?: number; deadLetters?: FakeQueue } = {},
): FakeQueue & { maxRetries: number; deadLetters?: FakeQueue } {
  let failures = 0;
  let next = 0;
  const queue = {
    name,
    sent: [] as { body: unknown; delaySeconds: number }[],
    pending: [] as Pending[],
    retryDelays: [] as number[],
    maxRetries: options.maxRetries ?? 3,
    deadLetters: options.deadLetters,
    failNext(count: number) {
      failures = count;
    },
    async send(body: unknown, sendOptions: { delaySeconds?: number } = {}) {
      if (failures > 0) {
        failures--;
        throw new Error('Queue send failed');
      }
      // Messages are serialised on the way in, as the platform does.
      const copy = structuredClone(body);
      queue.sent.push({ body: copy, delaySeconds: sendOptions.delaySeconds ?? 0 });
      queue.pending.push({
        id: `${name}-${next++}`,
        body: copy,
        attempts: 0,
        delaySeconds: sendOptions.delaySeconds ?? 0,
      });
    },
  };
  return queue;
}

type Consumer = (batch: QueueBatch<unknown>) => Promise<void>;

/**
 * Delivers every message pending on `queue` as one batch to `consumer`, applying each
 * message's ack or retry. Answers how many messages were delivered.
 */
export async function deliver(
  queue: ReturnType<typeof createFakeQueue>,
  consumer: Consumer,
): Promise<number> {
  const batch = queue.pending.splice(0);
  const outcomes = new Map<string, { retry?: number }>();
  const messages: QueueMessage<unknown>[] = batch.map((p) => ({
    id: p.id,
    timestamp: new Date(),
    body: structuredClone(p.body),
    attempts: p.attempts + 1,
    ack: () => void outcomes.set(p.id, {}),
    retry: (o) => void outcomes.set(p.id, { retry: o?.delaySeconds ?? 0 }),
  }));
  await consumer({ queue: queue.name, messages });
  for (const p of batch) {
    const outcome = outcomes.get(p.id);
    if (outcome?.retry === undefined) continue;
    queue.retryDelays.push(outcome.retry);
    const attempts = p.attempts + 1;
    if (attempts > queue.maxRetries) {
      if (queue.deadLetters) await queue.deadLetters.send(p.body);
    } else {
      queue.pending.push({ ...p, attempts, delaySeconds: outcome.retry });
    }
  }
  return batch.length;
}
