/**
 * The chat's conversation logic, free of React and the DOM: the spec's texts, what is sent to
 * POST /api/chat, and how an answer or a failure becomes the advisor's next message.
 */
import * as z from 'zod/mini';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_MESSAGE_MAX,
  chatSourceSchema,
  type ChatMessage,
  type ChatSource,
} from './contract';
import { safeHref } from './markdown';

/** The spec's message for a non-OK answer or a network error. */
export const CONNECTION_ERROR =
  "I apologize, but I'm having trouble connecting right now. Please try again in a moment.";
/** The spec's message for an answer without content or message. */
export const PROCESSING_ERROR = 'I apologize, but I encountered an error processing your request.';

/** How long the island waits for an answer before giving the connection message. */
export const REPLY_TIMEOUT_MS = 30_000;

export const CHAT_ENDPOINT = '/api/chat';

export interface UiMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  sources?: ChatSource[];
  /** Written by the island itself (welcome, errors); never sent back as history. */
  local?: boolean;
}

/** The one assistant message the chat starts with. */
export function welcomeMessage(firmName: string): UiMessage {
  return {
    id: 0,
    role: 'assistant',
    local: true,
    content: `Hi! I'm the ${firmName} AI advisor. Ask me about our services, prices, timelines or where to start, and I'll answer from what's on this site.`,
  };
}

/** Empty and whitespace-only messages are not sent. */
export function canSend(text: string): boolean {
  return text.trim().length > 0;
}

/** The history the function gets: the last messages that came from the visitor or the server. */
export function requestMessages(messages: readonly UiMessage[]): ChatMessage[] {
  return messages
    .filter((m) => !m.local)
    .slice(-CHAT_HISTORY_LIMIT)
    .map((m) => ({ role: m.role, content: m.content.slice(0, CHAT_MESSAGE_MAX) }));
}

const sourcesSchema = z.array(chatSourceSchema);

/**
 * The advisor's text from an answer body: `content`, else `message` (the two names the spec
 * reads), with its sources when they are well formed and link somewhere allowed. Null when the
 * body has neither text.
 */
export function readReply(body: unknown): Pick<UiMessage, 'content' | 'sources'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { content, message, sources } = body as Record<string, unknown>;
  const text = [content, message].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  if (text === undefined) return null;
  const parsed = sourcesSchema.safeParse(sources);
  const safe = parsed.success ? parsed.data.filter((s) => safeHref(s.url) !== null) : [];
  return safe.length ? { content: text, sources: safe } : { content: text };
}

/**
 * Asks the advisor and returns its next message's content: the reply, or the spec's error texts.
 * Never throws.
 */
export async function askAdvisor(
  messages: readonly UiMessage[],
  fetcher: typeof fetch = fetch,
): Promise<Pick<UiMessage, 'content' | 'sources' | 'local'>> {
  let res: Response;
  try {
    res = await fetcher(CHAT_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: requestMessages(messages) }),
      signal: AbortSignal.timeout(REPLY_TIMEOUT_MS),
    });
  } catch {
    return { content: CONNECTION_ERROR, local: true };
  }
  if (!res.ok) return { content: CONNECTION_ERROR, local: true };
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // An OK answer that is not JSON has no content either.
  }
  return readReply(body) ?? { content: PROCESSING_ERROR, local: true };
}
