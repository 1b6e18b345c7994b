/**
 * Signatures on the advisor's replies, so the chat route and the hand-off can tell the advisor's
 * own turns from text the visitor's browser edited, made up or moved. Each reply the chat route
 * sends carries `v2.<id>.<issued>.<context>.<mac>`: a random reply id, the time it was issued
 * (Unix milliseconds), a digest of the conversation before it (the advisor turn before it with
 * that turn's own signature, so the digests chain back to the start) and an HMAC-SHA256 over
 * those, the visitor's question and the reply's text, under ADVISOR_SIGNING_SECRET
 * (engine/history.ts says what a reply's place is). A signature holds for SIGNATURE_TTL_MS, and a
 * turn verifies only when every advisor turn before it in the conversation does. The
 * chat island keeps each reply's signature with it and sends it back with every question and the
 * hand-off: the chat route passes a turn that does not verify to the model as the visitor's
 * record, and the hand-off route marks it as not verified (chat-lead.server.ts). The id a rating
 * names is signed on its own (signAnswerId).
 *
 * Development without the secret signs with DEVELOPMENT_SIGNING_SECRET (a fixed, public key:
 * anything it signs proves nothing). Production without the secret signs nothing, so every
 * advisor turn of a hand-off shows as not verified; that is logged once per isolate.
 */
import { isDevelopment, type Env } from '#server/env';
import { log } from '#server/log';
import type { ChatMessage } from '../contract';
import { replyPlace, signedText, type ReplyPlace } from '../engine/history';

export interface SigningEnv extends Env {
  ADVISOR_SIGNING_SECRET?: string;
}

/** The key development signs with when no secret is set. Public: it proves nothing. */
export const DEVELOPMENT_SIGNING_SECRET = 'advisor-development-signing-key-not-a-secret';

/** The shortest secret accepted, in characters. */
export const SIGNING_SECRET_MIN = 32;

const VERSION = 'v2';
const SIGNATURE =
  /^v2\.([A-Za-z0-9_-]{8,64})\.(\d{1,16})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** How long a signature holds: a hand-off or a later question within a day of the reply. */
export const SIGNATURE_TTL_MS = 24 * 60 * 60 * 1000;
/** Clock difference tolerated on a signature's issue time. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The context of a reply that opens the conversation: no advisor turn before it. */
const START_CONTEXT = 'A'.repeat(22);

let warned = false;
const keys = new Map<string, Promise<CryptoKey>>();

/** The secret replies are signed with, or null when they cannot be (logged once). */
export function signingSecret(env: SigningEnv): string | null {
  const secret = env.ADVISOR_SIGNING_SECRET?.trim();
  if (secret && secret.length >= SIGNING_SECRET_MIN) return secret;
  if (isDevelopment(env)) return DEVELOPMENT_SIGNING_SECRET;
  if (!warned) {
    warned = true;
    log.error('advisor.signing_disabled', {
      reason: secret
        ? 'ADVISOR_SIGNING_SECRET is shorter than 32 characters'
        : 'ADVISOR_SIGNING_SECRET is not set',
      effect:
        'advisor replies are unsigned; hand-off transcripts mark every advisor turn as not verified',
    });
  }
  return null;
}

function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * The digest a reply's signature carries of the conversation before it: the advisor turn
 * before it, as the browser sent it (its text and its own signature, which covers the turns
 * before that in turn), or START_CONTEXT at the start of the conversation.
 */
async function contextOf(previous: ChatMessage | null): Promise<string> {
  if (!previous) return START_CONTEXT;
  const digest = await crypto.subtle.digest(
    'SHA-256',
    encode(JSON.stringify([signedText(previous.content), previous.signature ?? ''])),
  );
  return base64url(digest).slice(0, 22);
}

/** What is signed: the reply's id and time, the conversation's digest, the question, the reply. */
function payload(
  id: string,
  issued: string,
  context: string,
  place: ReplyPlace,
  content: string,
): Uint8Array<ArrayBuffer> {
  return encode(
    [VERSION, id, issued, context, JSON.stringify(place.question), signedText(content)].join('\n'),
  );
}

async function mac(secret: string, data: Uint8Array<ArrayBuffer>): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await keyFor(secret), data));
}

const fresh = (issued: number, now: number) =>
  issued <= now + CLOCK_SKEW_MS && now - issued <= SIGNATURE_TTL_MS;

/**
 * Signs a reply to the conversation `before` (ending with the visitor's question); null when
 * there is no secret to sign with.
 */
export async function signReply(
  secret: string | null,
  before: readonly ChatMessage[],
  content: string,
  { id = crypto.randomUUID().replace(/-/g, ''), issued = Date.now() } = {},
): Promise<string | null> {
  if (!secret) return null;
  const place = replyPlace(before);
  const context = await contextOf(place.previous);
  const signed = await mac(secret, payload(id, String(issued), context, place, content));
  return `${VERSION}.${id}.${issued}.${context}.${signed}`;
}

export interface VerifyOptions {
  /**
   * Whether `messages` starts where the conversation started. When it may have been cut (the
   * chat's history window, a transcript at its longest), the first advisor turn's digest of what
   * came before the cut is taken as it stands.
   */
  complete: boolean;
  /** The time to check expiry against (tests). */
  now?: number;
}

/** Whether the advisor turn at `index` of `messages` is a reply the advisor signed, as placed. */
async function verifyTurn(
  secret: string,
  messages: readonly ChatMessage[],
  index: number,
  { complete, now = Date.now() }: VerifyOptions,
): Promise<boolean> {
  const turn = messages[index];
  const parts =
    turn?.role === 'assistant' && turn.signature ? SIGNATURE.exec(turn.signature) : null;
  if (!turn || !parts) return false;
  const [, id, issued, context, signed] = parts as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (!fresh(Number(issued), now)) return false;
  const place = replyPlace(messages.slice(0, index));
  const expected = place.previous || complete ? await contextOf(place.previous) : context;
  if (context !== expected) return false;
  return crypto.subtle.verify(
    'HMAC',
    await keyFor(secret),
    fromBase64url(signed),
    payload(id, issued, context, place, turn.content),
  );
}

/**
 * For each message of a conversation, whether it is an advisor turn the advisor sent as it
 * stands: its text, the question before it and the conversation before that as signed, within
 * SIGNATURE_TTL_MS. The conversation before a turn holds only if the advisor turn before it
 * verifies too, so one turn that does not (edited, moved, expired) leaves every later advisor
 * turn unverified. Visitor turns are false.
 */
export async function verifyTurns(
  secret: string | null,
  messages: readonly ChatMessage[],
  options: VerifyOptions,
): Promise<boolean[]> {
  if (!secret) return messages.map(() => false);
  const own = await Promise.all(messages.map((_, i) => verifyTurn(secret, messages, i, options)));
  let previous: boolean | undefined;
  return own.map((ok, i) => {
    if (messages[i]?.role !== 'assistant') return false;
    previous = ok && previous !== false;
    return previous;
  });
}

const ANSWER_ID = /^([A-Za-z0-9_-]{8,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

const answerPayload = (id: string, issued: string) => encode(`answer\n${id}\n${issued}`);

/**
 * The id a visitor's rating names: the reply's id with its issue time and a signature of both
 * (`<id>.<issued>.<mac>`), so only the visitor the reply went to can rate it. Null without a
 * secret.
 */
export async function signAnswerId(
  secret: string | null,
  id: string,
  issued = Date.now(),
): Promise<string | null> {
  if (!secret) return null;
  return `${id}.${issued}.${await mac(secret, answerPayload(id, String(issued)))}`;
}

/** The reply id of a signed answer id this secret issued within SIGNATURE_TTL_MS, or null. */
export async function verifyAnswerId(
  secret: string | null,
  token: string,
  now = Date.now(),
): Promise<string | null> {
  const parts = ANSWER_ID.exec(token);
  if (!secret || !parts) return null;
  const [, id, issued, signed] = parts as unknown as [string, string, string, string];
  if (!fresh(Number(issued), now)) return null;
  const ok = await crypto.subtle.verify(
    'HMAC',
    await keyFor(secret),
    fromBase64url(signed),
    answerPayload(id, issued),
  );
  return ok ? id : null;
}
