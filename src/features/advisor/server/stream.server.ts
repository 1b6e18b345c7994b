/**
 * A language model's reply as chat events, released a sentence at a time once the guard has
 * read the whole sentence (engine/guard.ts: every amount, currency, percentage, duration,
 * quantity, number, date and guarantee must be stated by the grounding or the firm's facts).
 * What happens to a sentence the guard refuses:
 * - the first is replaced by the built-in answer's opening, which states what the site says
 *   (unless that answer is a decline, or its opening is refused too: then it is dropped);
 * - a second one withdraws the reply: a `replace` event gives the built-in answer instead, since
 *   a model that twice states what the site does not is not to be trusted for the rest;
 * - a reply that says nothing the guard lets through is replaced by the built-in answer.
 * The final event (`done` or `replace`) carries the reply's signature.
 */
import type { ChatEvent, ChatReply } from '../contract';
import { unstatedClaim, type Stated } from '../engine/guard';

export interface GuardedReplyOptions {
  stated: Stated;
  /** The built-in answer to the same conversation, and whether it declined. */
  builtIn: () => { reply: ChatReply; declined: boolean };
  sources: ChatReply['sources'];
  /** Signs the text the visitor ends up with. */
  sign: (content: string) => Promise<string | null>;
  /** Where a refusal is reported (without the reply's text). */
  log?: (reason: string) => void;
}

/** Just past the last end of a sentence or line in `text`, or 0. */
function lastSentenceEnd(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/[.!?:](?=\s)|\n/g)) end = m.index + 1;
  return end;
}

/** The first paragraph of a reply: the built-in answer's direct answer. */
function opening(content: string): string {
  return content.split(/\n\s*\n/)[0].trim();
}

export async function* guardedReply(
  words: AsyncIterable<string>,
  options: GuardedReplyOptions,
): AsyncGenerator<ChatEvent> {
  const { stated, sign, log = () => {} } = options;
  let pending = '';
  let sent = '';
  let refused = 0;
  const withdraw = async (): Promise<ChatEvent> => {
    const { reply } = options.builtIn();
    const signature = await sign(reply.content);
    return { event: 'replace', data: signature ? { ...reply, signature } : reply };
  };
  /** The text to send for a piece of the reply, or null when the reply is withdrawn. */
  const release = (text: string): string | null => {
    const claim = unstatedClaim(text, stated, sent);
    if (!claim) return text;
    log(claim);
    refused++;
    if (refused > 1) return null;
    const { reply, declined } = options.builtIn();
    const instead = declined ? '' : opening(reply.content);
    if (!instead || unstatedClaim(instead, stated)) return '';
    return `${/^\s*/.exec(text)![0]}${instead}${/\s*$/.exec(text)![0]}`;
  };
  for await (const delta of words) {
    pending += delta;
    const cut = lastSentenceEnd(pending);
    if (cut <= 0) continue;
    const text = release(pending.slice(0, cut));
    pending = pending.slice(cut);
    if (text === null) {
      yield await withdraw();
      return;
    }
    if (text) {
      sent += text;
      yield { event: 'delta', data: { content: text } };
    }
  }
  if (pending.trim()) {
    const text = release(pending);
    if (text === null) {
      yield await withdraw();
      return;
    }
    if (text) {
      sent += text;
      yield { event: 'delta', data: { content: text } };
    }
  }
  if (!sent.trim()) {
    yield await withdraw();
    return;
  }
  const signature = await sign(sent);
  yield {
    event: 'done',
    data: {
      ...(options.sources?.length && { sources: options.sources }),
      ...(signature && { signature }),
    },
  };
}
