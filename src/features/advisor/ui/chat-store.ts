/**
 * The chat conversation, kept for the visit: the last CONVERSATION_LIMIT messages live in
 * sessionStorage, so following a link from the advisor and coming back, or opening the chat
 * from another page's 'Got Questions?', shows the conversation again. Closing the tab ends it;
 * 'New conversation' clears it.
 */
import { atom, onMount } from 'nanostores';
import type { ChatSource } from '../contract';

/** Messages kept; older ones are dropped. */
export const CONVERSATION_LIMIT = 30;

const STORAGE_KEY = 'advisor:conversation';
const CONVERSATION_ID_KEY = 'advisor:conversation-id';
/** Set when a visitor follows a link out of the open chat, so it reopens when they return. */
const RESUME_KEY = 'advisor:resume';

export interface ChatEntry {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  sources?: ChatSource[];
  /** Questions the visitor can pick when several sections match about as well. */
  choices?: string[];
  /** The advisor offers to put the visitor in touch with a person. */
  handoff?: boolean;
  /** Written by the island itself (errors); never sent back as history. */
  local?: boolean;
  /** Still arriving from a streamed reply. */
  streaming?: boolean;
  /** The server's signature of an advisor reply, sent back with a hand-off to prove its text. */
  signature?: string;
  /** The reply's id, which a rating of it names. */
  answerId?: string;
  /** The visitor's rating of this reply, once given. */
  rating?: 'helpful' | 'not_helpful';
}

export const $conversation = atom<ChatEntry[]>([]);

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** The stored conversation, dropping anything malformed (storage is the visitor's to edit). */
export function readStored(raw: string | null): ChatEntry[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return (list as Partial<ChatEntry>[])
      .filter(
        (e): e is ChatEntry =>
          typeof e?.id === 'number' &&
          (e.role === 'user' || e.role === 'assistant') &&
          typeof e.content === 'string',
      )
      .map(({ streaming: _streaming, ...e }) => e)
      .slice(-CONVERSATION_LIMIT);
  } catch {
    return [];
  }
}

onMount($conversation, () => {
  $conversation.set(readStored(storage()?.getItem(STORAGE_KEY) ?? null));
  return $conversation.listen((entries) => {
    try {
      if (entries.length) storage()?.setItem(STORAGE_KEY, JSON.stringify(entries));
      else storage()?.removeItem(STORAGE_KEY);
    } catch {
      // A full or blocked storage only loses the conversation on the next page.
    }
  });
});

/** Adds a message and returns its id; the oldest go past CONVERSATION_LIMIT. */
export function addEntry(entry: Omit<ChatEntry, 'id'>): number {
  const list = $conversation.get();
  const id = Math.max(0, ...list.map((e) => e.id)) + 1;
  $conversation.set([...list, { ...entry, id }].slice(-CONVERSATION_LIMIT));
  return id;
}

/** Changes one message (a streamed reply growing, or replaced). */
export function updateEntry(id: number, patch: Partial<Omit<ChatEntry, 'id'>>): void {
  $conversation.set($conversation.get().map((e) => (e.id === id ? { ...e, ...patch } : e)));
}

/** The conversation's random id, kept for the visit (memory when storage is blocked). */
let conversationKey: string | undefined;

/**
 * The id of this conversation, sent with each question so "What prospects ask" counts a
 * question once per conversation. Random; 'New conversation' starts a new one.
 */
export function conversationId(): string {
  const s = storage();
  try {
    conversationKey ??= s?.getItem(CONVERSATION_ID_KEY) ?? undefined;
  } catch {
    // Kept in memory only.
  }
  if (!conversationKey) {
    conversationKey = crypto.randomUUID().replace(/-/g, '');
    try {
      s?.setItem(CONVERSATION_ID_KEY, conversationKey);
    } catch {
      // Kept in memory only.
    }
  }
  return conversationKey;
}

/** 'New conversation': forgets every message, and the conversation's id. */
export function clearConversation(): void {
  $conversation.set([]);
  conversationKey = undefined;
  try {
    storage()?.removeItem(CONVERSATION_ID_KEY);
  } catch {
    // Nothing kept.
  }
}

/** Remembers that the chat was open when the visitor followed one of its links. */
export function rememberOpenChat(): void {
  try {
    storage()?.setItem(RESUME_KEY, '1');
  } catch {
    // Nothing lost but the reopening.
  }
}

/** Whether the chat should reopen on arrival, forgetting it once asked. */
export function takeResume(): boolean {
  const s = storage();
  try {
    const resume = s?.getItem(RESUME_KEY) === '1';
    s?.removeItem(RESUME_KEY);
    return resume;
  } catch {
    return false;
  }
}
