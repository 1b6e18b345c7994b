/**
 * Captures what the Worker sends the model for each case of an evaluation set, for a stand-in
 * model to answer (README.md beside this file). Runs only when asked:
 *   ADVISOR_CAPTURE=heldout npm run advisor:capture   (or development)
 * It plays every case through the real chat route, whose loopback model answers with the
 * replies recorded so far, and writes each request the route made, one JSON file per request,
 * to .cache/advisor-model/<set>/<key>.json: the request body only (system prompt, sections,
 * conversation), which is all a stand-in model may read. Requests that already have a recorded
 * reply are written too, under <set>/answered/, so a prompt change can be re-answered.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { developmentCases, heldoutCases } from '../cases';
import { loadReplies, playCase, replayModel } from './play';

const set = process.env.ADVISOR_CAPTURE;

describe.skipIf(!set)('capture the model requests of an evaluation set', () => {
  it(`captures ${set}`, { timeout: 600_000 }, async () => {
    const cases = set === 'development' ? developmentCases : heldoutCases;
    const replies = loadReplies();
    const model = await replayModel(replies);
    const dir = join('.cache', 'advisor-model', set!);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(join(dir, 'answered'), { recursive: true });
    try {
      for (const c of cases) await playCase(model, replies, c);
    } finally {
      await model.close();
    }
    let open = 0;
    for (const r of model.captured) {
      const answered = replies.has(r.key);
      if (!answered) open++;
      writeFileSync(
        join(dir, answered ? 'answered' : '', `${r.key}.json`),
        `${JSON.stringify({ key: r.key, messages: r.body.messages }, null, 2)}\n`,
      );
    }
    console.log(`${model.captured.length} requests, ${open} without a recorded reply, in ${dir}`);
  });
});
