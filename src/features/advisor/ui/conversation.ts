/**
 * The chat's conversation logic, free of React and the DOM: the spec's texts, what is sent to
 * POST /api/chat, and how an answer (whole, or streamed as server-sent events) or a failure
 * becomes the advisor's next message.
 */
import * as z from 'zod/mini';
import type { ChatEntry } from './chat-store';
import {
  CHAT_CHOICES_MAX,
  CHAT_CHOICE_LENGTH,
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGE_MAX,
  ANSWER_ID_PATTERN,
  SIGNATURE_PATTERN,
  chatSourceSchema,
  type ChatMessage,
} from '../contract';
import { safeHref } from './markdown';

/** The spec's message for a non-OK answer or a network error. */
export const CONNECTION_ERROR =
  "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";
/** The spec's message for an answer without content or message. */
export const PROCESSING_ERROR = 'I apologize, but I encountered an error processing your request.';

/** How long the island waits for the first words before giving the connection message. */
export const REPLY_TIMEOUT_MS = 30_000;

export const CHAT_ENDPOINT = '/api/chat';

/** The one assistant message the chat starts with (never stored or sent). */
export function welcomeMessage(firmName: string): string {
  return `Hi! I'm the ${firmName} AI advisor. Tell me what you're working on, or ask about our services, prices and timelines, and I'll answer from what's on this site.`;
}

/** Empty and whitespace-only messages are not sent. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/** What of a message is sent back to the server. */
type SentEntry = Pick<ChatEntry, 'role' | 'content' | 'local' | 'signature'>;

/**
 * The history the function gets: the last messages that came from the visitor or the server,
 * each advisor reply with the signature it came with (the server checks it).
 */
export function requestMessages(messages: readonly SentEntry[]): ChatMessage[] {
  return messages
    .filter((m) => !m.local && m.content.trim() !== '')
    .slice(-CHAT_HISTORY_LIMIT)
    .map((m) => ({
      role: m.role,
      content: m.content.slice(0, CHAT_MESSAGE_MAX),
      ...(m.role === 'assistant' && m.signature && { signature: m.signature }),
    }));
}

const sourcesSchema = z.array(chatSourceSchema);

export type Reply = Pick<
  ChatEntry,
  'content' | 'sources' | 'choices' | 'handoff' | 'signature' | 'answerId'
>;

/** A well-formed signed reply id, or undefined. */
function answerIdOf(value: unknown): string | undefined {
  return typeof value === 'string' && ANSWER_ID_PATTERN.test(value) ? value : undefined;
}

/** A well-formed signature, or undefined. */
function signatureOf(value: unknown): string | undefined {
  return typeof value === 'string' && SIGNATURE_PATTERN.test(value) ? value : undefined;
}

/** Well-formed sources that link somewhere allowed; anything else is dropped. */
function safeSources(sources: unknown): ChatEntry['sources'] {
  const parsed = sourcesSchema.safeParse(sources);
  const safe = parsed.success ? parsed.data.filter((s) => safeHref(s.url) !== null) : [];
  return safe.length ? safe : undefined;
}

/** Well-formed choices (short, non-blank text, at most CHAT_CHOICES_MAX), or undefined. */
export function safeChoices(choices: unknown): string[] | undefined {
  if (!Array.isArray(choices)) return undefined;
  const safe = choices
    .filter(
      (c): c is string =>
        typeof c === 'string' && c.trim() !== '' && c.length <= CHAT_CHOICE_LENGTH,
    )
    .map((c) => c.trim())
    .slice(0, CHAT_CHOICES_MAX);
  return safe.length ? safe : undefined;
}

/**
 * The advisor's text from an answer body: `content`, else `message` (the two names the spec
 * reads), with its sources and hand-off offer. Null when the body has neither text.
 */
export function readReply(body: unknown): Reply | null {
  if (typeof body !== 'object' || body === null) return null;
  const { content, message, sources, choices, handoff, signature, answerId } = body as Record<
    string,
    unknown
  >;
  const text = [content, message].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  if (text === undefined) return null;
  const reply: Reply = { content: text };
  const safe = safeSources(sources);
  if (safe) reply.sources = safe;
  const offered = safeChoices(choices);
  if (offered) reply.choices = offered;
  if (handoff === true) reply.handoff = true;
  const signed = signatureOf(signature);
  if (signed) reply.signature = signed;
  const id = answerIdOf(answerId);
  if (id) reply.answerId = id;
  return reply;
}

/** What happens to the advisor's message while a reply arrives. */
export interface ReplyProgress {
  /** More words of a streamed reply: the text so far. */
  onText(content: string): void;
}

/**
 * How an exchange ended: `reply` is the advisor's message; `error`, when set, is a further
 * message to show after it (a streamed reply that broke off keeps what arrived).
 */
export interface Outcome {
  reply: Reply | null;
  error?: string;
}

/**
 * Asks the advisor (in the conversation `conversation`, when given). A JSON answer arrives whole; a `text/event-stream` answer grows through
 * `progress.onText` and may be replaced by the site's own answer. Never throws.
 */
export async function askAdvisor(
  messages: readonly SentEntry[],
  progress: ReplyProgress = { onText: () => {} },
  fetcher: typeof fetch = fetch,
  conversation?: string,
): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REPLY_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetcher(CHAT_ENDPOINT, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream, application/json',
      },
      body: JSON.stringify({
        messages: requestMessages(messages),
        ...(conversation && { conversation }),
      }),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return { reply: null, error: CONNECTION_ERROR };
  }
  if (!res.ok) {
    clearTimeout(timer);
    return { reply: null, error: CONNECTION_ERROR };
  }
  if (!(res.headers.get('Content-Type') ?? '').includes('text/event-stream')) {
    let body: unknown = null;
    try {
      body = await res.json();
    } catch {
      // An OK answer that is not JSON has no content either.
    } finally {
      clearTimeout(timer);
    }
    const reply = readReply(body);
    return reply ? { reply } : { reply: null, error: PROCESSING_ERROR };
  }
  try {
    return await readStream(res, progress, () => clearTimeout(timer));
  } finally {
    clearTimeout(timer);
  }
}

/** Reads a streamed reply (events as in ChatEvent, contract.ts). */
async function readStream(
  res: Response,
  progress: ReplyProgress,
  started: () => void,
): Promise<Outcome> {
  let content = '';
  const broke = (): Outcome => ({
    reply: content ? { content } : null,
    error: CONNECTION_ERROR,
  });
  if (!res.body) return broke();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return broke();
      started();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1]?.trim();
        let data: Record<string, unknown> = {};
        try {
          data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
        } catch {
          return broke();
        }
        if (event === 'delta' && typeof data.content === 'string') {
          content += data.content;
          progress.onText(content);
        } else if (event === 'replace') {
          const reply = readReply(data);
          return reply ? { reply } : { reply: null, error: PROCESSING_ERROR };
        } else if (event === 'done') {
          if (!content.trim()) return { reply: null, error: PROCESSING_ERROR };
          const reply: Reply = { content: content.trim() };
          const safe = safeSources(data.sources);
          if (safe) reply.sources = safe;
          if (data.handoff === true) reply.handoff = true;
          const signed = signatureOf(data.signature);
          if (signed) reply.signature = signed;
          const id = answerIdOf(data.answerId);
          if (id) reply.answerId = id;
          return { reply };
        } else if (event === 'error') {
          return broke();
        }
      }
    }
  } catch {
    return broke();
  } finally {
    reader.cancel().catch(() => {});
  }
}
