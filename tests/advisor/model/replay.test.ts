/**
 * The model path with a model in the loop (README.md beside this file): every held-out case is
 * played through the real chat route, its model a loopback server answering with the replies a
 * stand-in model wrote for the captured requests (replies.json). Gates:
 * - the guard leaves at least FAITHFUL_UNCHANGED of the faithful recorded replies exactly as
 *   written;
 * - no planted false claim (planted.yaml) reaches the visitor;
 * - the visitor's reply passes a case's checks whenever the model's own reply does, but for at
 *   most MAX_LOST cases;
 * - context recall (the share of a case's required facts the request holds) is at least
 *   CONTEXT_RECALL.
 * ADVISOR_MODEL_REPORT names a file for the figures as JSON (the benchmark reads it). Like the
 * built-in evaluation, held-out failures are not printed case by case.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatReply } from '../../../src/features/advisor/contract';
import { prepareAdvisor } from '../../../src/features/advisor/engine/advisor';
import { citedSources, offersPerson } from '../../../src/features/advisor/engine/cited';
import { grounding } from '../../../src/features/advisor/engine/grounding';
import { INDEX } from '../../functions/chat-setup';
import { heldoutCases } from '../cases';
import { judgeReply, type JudgedReply } from '../evaluate';
import type { EvalCase } from '../types';
import { loadReplies, playCase, replayModel, replyKey, type RecordedReply } from './play';

/**
 * The share of faithful replies the guard must leave as written: at most 2% changed (162 of 162
 * unchanged on the last recording).
 */
const FAITHFUL_UNCHANGED = 0.98;
/** Faithful replies whose case the model passed and the visitor's reply did not: none. */
const MAX_LOST = 0;
/** The share of required facts the model must be sent. */
const CONTEXT_RECALL = 0.95;

const advisor = prepareAdvisor(JSON.parse(INDEX));
const replies = loadReplies();

interface Planted {
  case: string;
  after: number;
  claim: string;
  form: string;
}
const planted = parse(
  readFileSync(new URL('./planted.yaml', import.meta.url), 'utf8'),
) as Planted[];

const turnsOf = (c: EvalCase) => (typeof c.ask === 'string' ? [c.ask] : c.ask);
const visitorTurns = (c: EvalCase) => turnsOf(c).filter((t) => !t.startsWith('assistant: '));

/** A reply as the evaluation judges it: a reply with no sources is a decline. */
function judged(reply: Pick<ChatReply, 'content' | 'sources' | 'handoff'>): JudgedReply {
  const sources = reply.sources ?? [];
  return {
    content: reply.content,
    sources,
    kind: sources.length ? 'answer' : 'decline',
    handoff: Boolean(reply.handoff),
  };
}

/** What the model's own last reply would have been sent with: its sources as the route makes them. */
function modelOwn(
  played: { reply: ChatReply; model?: string },
  messages: { role: 'user' | 'assistant'; content: string }[],
) {
  const text = played.model ?? '';
  const grounded = grounding(advisor, messages);
  return judged({
    content: text,
    sources: citedSources(text, grounded.sections),
    handoff: offersPerson(text),
  });
}

const same = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** Each required fact (one of its patterns) found in the text the model was sent, per case. */
function factsFound(c: EvalCase, system: string): { found: number; total: number } {
  const facts = c.facts ?? [];
  const found = facts.filter((fact) =>
    (typeof fact === 'string' ? [fact] : fact).some((f) => new RegExp(f, 'i').test(system)),
  ).length;
  return { found, total: facts.length };
}

interface Outcome {
  id: string;
  group: string;
  /** The recorded reply, as its reviewer judged it (see RecordedReply.faithful). */
  faithful: boolean;
  unchanged: boolean;
  modelPassed: boolean;
  visitorPassed: boolean;
  found: number;
  total: number;
}

const outcomes: Outcome[] = [];
const plantedLeaks: string[] = [];
let model: Awaited<ReturnType<typeof replayModel>>;

describe.skipIf(replies.size === 0)('the model path, replayed with a stand-in model', () => {
  beforeAll(async () => {
    model = await replayModel(replies);
    for (const c of heldoutCases) {
      const played = await playCase(model, replies, c);
      const lastRequest = model.captured.at(-1)!;
      const messages = lastRequest.body.messages
        .filter((m) => m.role !== 'system')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
      // The conversation as the island sent it: the last request's turns, without the prompt.
      const sentMessages = messages;
      const own = modelOwn(played, sentMessages);
      const system = lastRequest.body.messages[0]?.content ?? '';
      outcomes.push({
        id: c.id,
        group: c.tags[0],
        faithful: replies.get(played.key)?.faithful !== false,
        unchanged: played.model !== undefined && same(played.reply.content, played.model),
        modelPassed: played.model !== undefined && judgeReply(c, own).problems.length === 0,
        visitorPassed: judgeReply(c, judged(played.reply)).problems.length === 0,
        ...factsFound(c, system),
      });
    }
  }, 300_000);

  afterAll(async () => {
    await model?.close();
  });

  it('holds a recorded reply for every request of the held-out set', () => {
    const missing = heldoutCases.filter((c) => !replies.has(replyKey(visitorTurns(c))));
    expect(missing.map((c) => c.id)).toEqual([]);
  });

  it('leaves faithful replies as the model wrote them', () => {
    const faithful = outcomes.filter((o) => o.faithful);
    const unchanged = faithful.filter((o) => o.unchanged).length;
    const others = outcomes.filter((o) => !o.faithful);
    console.log(
      `Guard: ${unchanged}/${faithful.length} faithful replies unchanged; of ${others.length} the review found stating what their request does not, ${others.filter((o) => !o.unchanged).length} changed`,
    );
    expect(unchanged / faithful.length).toBeGreaterThanOrEqual(FAITHFUL_UNCHANGED);
  });

  it('passes whenever the model itself passes', () => {
    // A reply the guard was right to change (see RecordedReply.faithful) may lose a check it passed.
    const lost = outcomes.filter((o) => o.faithful && o.modelPassed && !o.visitorPassed).length;
    const pct = (n: number) => `${((n / outcomes.length) * 100).toFixed(1)}%`;
    const model = outcomes.filter((o) => o.modelPassed).length;
    const visitor = outcomes.filter((o) => o.visitorPassed).length;
    console.log(
      `Model path on the held-out set: the visitor's reply passes ${visitor}/${outcomes.length} (${pct(visitor)}); the model's own ${model} (${pct(model)}); lost to the guard: ${lost}`,
    );
    expect(lost).toBeLessThanOrEqual(MAX_LOST);
  });

  it('sends the model the facts a correct reply needs', () => {
    const found = outcomes.reduce((n, o) => n + o.found, 0);
    const total = outcomes.reduce((n, o) => n + o.total, 0);
    const complete = outcomes.filter((o) => o.total > 0 && o.found === o.total).length;
    const withFacts = outcomes.filter((o) => o.total > 0).length;
    console.log(
      `Context recall: ${found}/${total} required facts (${((found / total) * 100).toFixed(1)}%); all of them for ${complete}/${withFacts} cases`,
    );
    expect(found / total).toBeGreaterThanOrEqual(CONTEXT_RECALL);
  });

  it('keeps every planted false claim from the visitor', async () => {
    expect(planted.length).toBeGreaterThanOrEqual(40);
    for (const p of planted) {
      const c = heldoutCases.find((x) => x.id === p.case);
      expect(c, p.case).toBeDefined();
      const key = replyKey(visitorTurns(c!));
      const faithful = replies.get(key)!;
      const sentences = faithful.reply.split(/(?<=[.!?])\s+/);
      const at = Math.min(p.after, sentences.length);
      const reply = [...sentences.slice(0, at), p.claim, ...sentences.slice(at)].join(' ');
      const withClaim = new Map<string, RecordedReply>(replies);
      withClaim.set(key, { ...faithful, reply });
      const local = await replayModel(withClaim);
      try {
        const played = await playCase(local, withClaim, c!);
        if (played.reply.content.includes(p.claim)) plantedLeaks.push(`${p.case} (${p.form})`);
      } finally {
        await local.close();
      }
    }
    console.log(
      `Planted claims: ${planted.length - plantedLeaks.length}/${planted.length} kept from the visitor`,
    );
    expect(plantedLeaks.join('; ')).toBe('');
  }, 120_000);

  afterAll(() => {
    if (!process.env.ADVISOR_MODEL_REPORT) return;
    const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
    const found = outcomes.reduce((n, o) => n + o.found, 0);
    const total = outcomes.reduce((n, o) => n + o.total, 0);
    writeFileSync(
      process.env.ADVISOR_MODEL_REPORT,
      JSON.stringify({
        cases: outcomes.length,
        visitorPassed: count((o) => o.visitorPassed),
        modelPassed: count((o) => o.modelPassed),
        faithful: count((o) => o.faithful),
        unchanged: count((o) => o.faithful && o.unchanged),
        contextRecall: found / Math.max(1, total),
        planted: planted.length,
        plantedLeaks: plantedLeaks.length,
      }),
    );
  });
});
