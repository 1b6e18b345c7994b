/**
 * Signatures on the advisor's replies, so a hand-off transcript can show which advisor turns the
 * advisor really sent. Each reply the chat route sends carries `v1.<id>.<issued>.<mac>`: a random
 * reply id, the time it was issued (Unix milliseconds) and an HMAC-SHA256 over those and the
 * reply's text, as the chat keeps it (at most CHAT_MESSAGE_MAX characters), under the secret
 * ADVISOR_SIGNING_SECRET. The id names the reply for later uses (rating an answer). The chat
 * island keeps each reply's signature with it and sends it back with the hand-off; the hand-off
 * route checks it (chat-lead.server.ts), and a turn whose signature is missing or does not match
 * its text is marked as not verified.
 *
 * Development without the secret signs with DEVELOPMENT_SIGNING_SECRET (a fixed, public key:
 * anything it signs proves nothing). Production without the secret signs nothing, so every
 * advisor turn of a hand-off shows as not verified; that is logged once per isolate.
 */
import { isDevelopment, type Env } from '#server/env';
import { log } from '#server/log';
import { CHAT_MESSAGE_MAX } from '../contract';

export interface SigningEnv extends Env {
  ADVISOR_SIGNING_SECRET?: string;
}

/** The key development signs with when no secret is set. Public: it proves nothing. */
export const DEVELOPMENT_SIGNING_SECRET = 'advisor-development-signing-key-not-a-secret';

/** The shortest secret accepted, in characters. */
export const SIGNING_SECRET_MIN = 32;

const VERSION = 'v1';
const SIGNATURE = /^v1\.([A-Za-z0-9_-]{8,64})\.(\d{1,16})\.([A-Za-z0-9_-]{43})$/;

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

/** What is signed: the version, the reply's id and time, and its text as the chat keeps it. */
function payload(id: string, issued: string, content: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(
    `${VERSION}\n${id}\n${issued}\n${content.trim().slice(0, CHAT_MESSAGE_MAX)}`,
  );
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

/** Signs a reply's text; null when there is no secret to sign with. */
export async function signReply(
  secret: string | null,
  content: string,
  { id = crypto.randomUUID().replace(/-/g, ''), issued = Date.now() } = {},
): Promise<string | null> {
  if (!secret) return null;
  const mac = await crypto.subtle.sign(
    'HMAC',
    await keyFor(secret),
    payload(id, String(issued), content),
  );
  return `${VERSION}.${id}.${issued}.${base64url(mac)}`;
}

/** Whether `signature` is this secret's signature of `content` (checked in constant time). */
export async function verifyReply(
  secret: string | null,
  content: string,
  signature: string | undefined,
): Promise<boolean> {
  const parts = signature ? SIGNATURE.exec(signature) : null;
  if (!secret || !parts) return false;
  const [, id, issued, mac] = parts;
  return crypto.subtle.verify(
    'HMAC',
    await keyFor(secret),
    fromBase64url(mac),
    payload(id, issued, content),
  );
}

/** The reply id a signature carries (for rating an answer), or null. */
export function replyId(signature: string): string | null {
  return SIGNATURE.exec(signature)?.[1] ?? null;
}
