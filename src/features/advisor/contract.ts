/**
 * The chat contract of POST /api/chat, shared by the chat island and
 * functions/api/chat.ts. zod/mini keeps the island's lazily loaded chunk small.
 *
 * A client that sends `Accept: text/event-stream` may get the reply as a stream of events
 * (CHAT_EVENTS) when a language model writes it; otherwise, and always from the built-in
 * advisor, the reply is one JSON object (ChatReply).
 */
import * as z from 'zod/mini';

/** Messages of history the function keeps; older ones are dropped, not refused. */
export const CHAT_HISTORY_LIMIT = 12;
/** Longest message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;

/** What the contracts take as a reply signature: token characters, bounded. */
const SIGNATURE_TOKEN = /^[A-Za-z0-9_.-]{1,300}$/;

/** One message of the conversation. */
export const chatMessageSchema = z.object({
  /** Who wrote it: the visitor ('user') or the advisor ('assistant'). */
  role: z.enum(['user', 'assistant'], { error: 'role must be "user" or "assistant".' }),
  /** The text, at most CHAT_MESSAGE_MAX characters and not blank. */
  content: z.string({ error: 'content must be text.' }).check(
    z.maxLength(CHAT_MESSAGE_MAX, {
      error: `A message can be at most ${CHAT_MESSAGE_MAX} characters.`,
    }),
    z.refine((text) => text.trim().length > 0, { error: 'A message cannot be empty.' }),
  ),
  /**
   * For an advisor message, the signature the chat route gave it (ChatReply.signature), sent
   * back as the island keeps it. Any token-like text is taken: one that does not verify makes the
   * turn the visitor's record, never a refused request.
   */
  signature: z.optional(
    z
      .string({ error: 'signature must be text.' })
      .check(z.regex(SIGNATURE_TOKEN, { error: 'signature is not a reply signature.' })),
  ),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The id the island gives a conversation (random, new with each 'New conversation'). */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The island's body: the conversation so far, ending with the visitor's new message. */
export const chatHistorySchema = z.object({
  /**
   * The conversation's id, so "What prospects ask" counts a question once per conversation.
   * Optional; it names nothing about the visitor.
   */
  conversation: z.optional(
    z.string().check(z.regex(CONVERSATION_ID_PATTERN, { error: 'conversation is not an id.' })),
  ),
  messages: z.array(chatMessageSchema, { error: 'messages must be a list.' }).check(
    z.minLength(1, { error: 'Send at least one message.' }),
    z.refine((list) => list[list.length - 1]?.role === 'user', {
      error: 'The last message must be from the user.',
    }),
  ),
});

/** The single-message body: the latest message only, with no history. */
export const chatSingleSchema = z.object({
  role: z.literal('user', { error: 'role must be "user".' }),
  content: chatMessageSchema.shape.content,
});

/**
 * Validates a request body in either shape and returns the history to answer: at most the last
 * CHAT_HISTORY_LIMIT messages, the last one the user's.
 */
export function parseChatRequest(
  body: unknown,
):
  | { success: true; messages: ChatMessage[]; conversation?: string }
  | { success: false; error: z.core.$ZodError } {
  const isHistory = typeof body === 'object' && body !== null && 'messages' in body;
  if (isHistory) {
    const parsed = chatHistorySchema.safeParse(body);
    if (!parsed.success) return { success: false, error: parsed.error };
    const { messages, conversation } = parsed.data;
    return {
      success: true,
      messages: messages.slice(-CHAT_HISTORY_LIMIT),
      ...(conversation && { conversation }),
    };
  }
  const parsed = chatSingleSchema.safeParse(body);
  if (!parsed.success) return { success: false, error: parsed.error };
  return { success: true, messages: [parsed.data] };
}

/** A page the answer drew from. */
export const chatSourceSchema = z.object({
  title: z.string(),
  /** Root-relative path on this site, or an absolute http(s) address. */
  url: z.string(),
});

export type ChatSource = z.infer<typeof chatSourceSchema>;

/** Choices a reply offers at most, and the longest choice, in characters. */
export const CHAT_CHOICES_MAX = 3;
export const CHAT_CHOICE_LENGTH = 200;

/** The function's answer. */
export interface ChatReply {
  content: string;
  sources?: ChatSource[];
  /**
   * When several sections match a question about as well: up to CHAT_CHOICES_MAX questions (an
   * FAQ's question or a section's heading) the visitor can pick, each sent as their next message.
   */
  choices?: string[];
  /** Offer to put the visitor in touch with a person (the questionnaire, the email form). */
  handoff?: boolean;
  /**
   * The server's signature of this reply (`v2.<id>.<issued>.<context>.<mac>`, see
   * server/signature.server.ts): the island keeps it with the message and sends it back with
   * the next questions and a hand-off, so the advisor and the firm can tell its own words from
   * edited ones. Absent when the server has no signing secret.
   */
  signature?: string;
  /**
   * The reply's id, signed (`<id>.<issued>.<mac>`), which the visitor's rating of it names
   * (POST /api/chat/rating). Absent when the server has no signing secret.
   */
  answerId?: string;
}

/** A reply signature as the island accepts it from the chat route. */
export const SIGNATURE_PATTERN =
  /^v2\.[A-Za-z0-9_-]{8,64}\.\d{1,16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;

/** A signed reply id as the island accepts it and a rating names it (`<id>.<issued>.<mac>`). */
export const ANSWER_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}\.\d{1,16}\.[A-Za-z0-9_-]{43}$/;

/**
 * The events of a streamed reply, in `text/event-stream` form (`event: <name>`, `data: <JSON>`):
 * - delta `{content}`: the next words, appended to the reply;
 * - replace `ChatReply`: the reply so far is withdrawn and this one stands instead (a model's
 *   reply named a price the site does not state);
 * - done `{sources?, handoff?, signature?, answerId?}`: the reply is complete, and signed;
 * - error `{message}`: the reply broke off; what arrived stays, followed by the error message.
 * A stream that ends without `done` or `replace` broke off too.
 */
export const CHAT_EVENTS = ['delta', 'replace', 'done', 'error'] as const;

export type ChatEvent =
  | { event: 'delta'; data: { content: string } }
  | { event: 'replace'; data: ChatReply }
  | { event: 'done'; data: Omit<ChatReply, 'content'> }
  | { event: 'error'; data: { message: string } };
