/**
 * A language model's reply as chat events, released a sentence at a time once the guard has
 * read the whole sentence (engine/guard.ts: the firm's prices, discounts, durations, quantities,
 * dates and promises must be stated by what the model was sent or by the firm's facts).
 * - A refused sentence is corrected (a wrong price becomes the service's published one) or
 *   dropped, with its lead-in when it had one ("One more thing: ..."); the rest of the reply
 *   stands, what followed a dropped lead-in starting with a capital ("...AI answer: nobody").
 * - The first sentence of four words or more, not a lead-in, is the reply's main answer (the model is told to
 *   answer first; "Sure." before it is not an answer): when it is dropped, the reply is withdrawn
 *   and the visitor gets the built-in answer instead. Nothing is sent before the main answer
 *   has passed, so the visitor never sees withdrawn text.
 * - The final event (`done` or `replace`) carries the reply's sources (the sections it used,
 *   engine/cited.ts), whether it offers a person, and its signature.
 */
import type { ChatEvent, ChatReply } from '../contract';
import type { SentenceVerdict } from '../engine/guard';

export interface GuardedReplyOptions {
  /** The guard, reading the reply's sentences in order. */
  check: (sentence: string) => SentenceVerdict;
  /** The built-in answer to the same conversation. */
  builtIn: () => ChatReply;
  /** The sources of the text the visitor ends up with. */
  sources: (content: string) => ChatReply['sources'];
  /** Whether that text offers the visitor a person (the chat then offers its hand-off). */
  handoff: (content: string) => boolean;
  /** Signs the text the visitor ends up with. */
  sign: (content: string) => Promise<string | null>;
  /** Where a refusal is reported (without the reply's text). */
  log?: (reason: string) => void;
}

/** Just past the first end of a sentence or line in `text` and the spaces after it, or 0. */
function firstSentenceEnd(text: string): number {
  const m = /[.!?:](?=\s)|\n/.exec(text);
  if (!m) return 0;
  let end = m.index + 1;
  while (end < text.length && /[ \t]/.test(text[end])) end++;
  return end;
}

const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text);
/** A sentence that can carry an answer: four words or more ("Sure." and "Great question!" cannot). */
const MAIN_ANSWER_WORDS = 4;
const answers = (text: string) =>
  (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’$.,%-]*/gu) ?? []).length >= MAIN_ANSWER_WORDS;

export async function* guardedReply(
  words: AsyncIterable<string>,
  options: GuardedReplyOptions,
): AsyncGenerator<ChatEvent> {
  const { check, sign, log = () => {} } = options;
  let pending = '';
  /** What has been let through: held back until the main answer has passed, then sent. */
  let held = '';
  let answered = false;
  let sent = '';
  let withdrawn = false;
  const withdraw = async (): Promise<ChatEvent> => {
    const reply = options.builtIn();
    const signature = await sign(reply.content);
    return { event: 'replace', data: signature ? { ...reply, signature } : reply };
  };
  /**
   * A lead-in ending in a colon on the same line ("One more thing: "), held until the sentence
   * it leads into is judged: it goes with that sentence when the sentence is dropped.
   */
  let lead = '';
  /** Whether the piece before was a lead-in that was dropped: what follows starts a sentence. */
  let leadDropped = false;
  /** What may be sent after one more sentence; marks the reply withdrawn when its main answer goes. */
  const release = (piece: string): string => {
    if (!hasWords(piece)) {
      const out = lead + piece;
      lead = '';
      return out;
    }
    const checked = check(piece);
    if (checked.problem) log(checked.problem);
    const leadIn = /:[ \t]*$/.test(piece);
    const text = leadDropped
      ? checked.text.replace(
          /^(\P{L}*)(\p{Ll})/u,
          (_, before: string, c: string) => before + c.toUpperCase(),
        )
      : checked.text;
    const verdict = { ...checked, text };
    leadDropped = leadIn && !hasWords(text);
    if (!answered && !leadIn && answers(piece)) {
      if (!hasWords(verdict.text)) withdrawn = true;
      answered = true;
    }
    if (leadIn && hasWords(verdict.text)) {
      const out = lead;
      lead = verdict.text;
      return out;
    }
    const out = hasWords(verdict.text) ? lead + verdict.text : verdict.text;
    lead = '';
    return out;
  };
  /** The text to send now: nothing before the main answer has passed. */
  const flush = (text: string): string => {
    held += text;
    if (!answered || !held) return '';
    const out = sent ? held : held.trimStart();
    held = '';
    return out;
  };
  for await (const delta of words) {
    pending += delta;
    let cut: number;
    while ((cut = firstSentenceEnd(pending)) > 0) {
      const text = flush(release(pending.slice(0, cut)));
      pending = pending.slice(cut);
      if (withdrawn) {
        yield await withdraw();
        return;
      }
      if (text) {
        sent += text;
        yield { event: 'delta', data: { content: text } };
      }
    }
  }
  if (pending.trim()) held += release(pending);
  held += lead;
  // A reply with no sentence long enough to be an answer is judged as a whole.
  answered = true;
  const text = withdrawn ? '' : flush('');
  if (withdrawn || !hasWords(sent + text)) {
    yield await withdraw();
    return;
  }
  if (text) {
    sent += text;
    yield { event: 'delta', data: { content: text } };
  }
  const sources = options.sources(sent);
  const signature = await sign(sent);
  yield {
    event: 'done',
    data: {
      ...(sources?.length && { sources }),
      ...(options.handoff(sent) && { handoff: true }),
      ...(signature && { signature }),
    },
  };
}
