import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signReply } from '../../src/features/advisor/server/signature.server';
import { createChatLeadHandler } from '../../src/features/advisor/server/handoff.server';
import { RecentDeliveries } from '../../src/features/leads/leads.server';
import type { Env } from '#server/env';
import {
  callFunction,
  expectError,
  replyJson,
  startLeadSinks,
  startStub,
  type ResendServer,
  type SupabaseServer,
} from './harness';

/** The secret the chat route signs its replies with in these tests. */
const SECRET = 'test-signing-secret-of-at-least-32-characters';
const REPLY = 'A 2-3 hour session and a written report within 48 hours.\nWant a person to reply?';

let transcript: { role: string; content: string; signature?: string }[];
let handOff: { email: string; name: string; transcript: typeof transcript; page: string };
/** The transcript as stored: the signature checked and recorded as `verified`. */
let stored: { role: string; content: string; verified?: boolean }[];

beforeAll(async () => {
  const question = { role: 'user' as const, content: 'What does the Discovery Workshop include?' };
  const signature = (await signReply(SECRET, [question], REPLY))!;
  transcript = [
    question,
    { role: 'assistant', content: REPLY, signature },
    { role: 'user', content: 'Yes please, email me.' },
  ];
  handOff = { email: '  pat@example.org ', name: 'Pat Kim', transcript, page: 'home' };
  stored = [transcript[0], { role: 'assistant', content: REPLY, verified: true }, transcript[2]];
});

let db: SupabaseServer;
let mail: ResendServer;
let env: Env;

const isolate = () => createChatLeadHandler({ timeoutMs: 300, recent: new RecentDeliveries() });
let handler = isolate();

const post = (
  body: unknown,
  key: string | null = crypto.randomUUID(),
  options: { env?: Env; h?: typeof handler; raw?: string } = {},
) =>
  callFunction(options.h ?? handler, {
    path: '/api/chat/lead',
    env: options.env ?? env,
    headers: { 'Content-Type': 'application/json', ...(key && { 'Idempotency-Key': key }) },
    ...(options.raw === undefined ? { body } : { raw: options.raw }),
  });

beforeEach(async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
  handler = isolate();
  ({ db, mail, env } = await startLeadSinks());
  env = { ...env, ADVISOR_SIGNING_SECRET: SECRET } as Env;
});

afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all([db.close(), mail.close()]);
});

describe('POST /api/chat/lead', () => {
  it('stores the hand-off as a chat lead with its transcript and emails it, plainly', async () => {
    const res = await post(handOff, 'chat-1');
    expect(res.status).toBe(200);
    const { ok, id } = await res.json();
    expect(ok).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5/);
    expect(db.leads).toEqual([
      expect.objectContaining({
        id,
        kind: 'chat',
        name: 'Pat Kim',
        email: 'pat@example.org',
        source: 'home',
        transcript: stored,
        company: null,
        priorities: null,
        idempotency_key: 'chat-1',
        notify_attempts: 1,
      }),
    ]);
    expect(db.leads[0].notified_at).not.toBeNull();

    const [sent] = mail.sent;
    expect(sent.key).toBe(`lead-${id}-${db.leads[0].content_digest}`);
    expect(sent.message).toMatchObject({
      subject: 'Chat hand-off: Pat Kim',
      reply_to: 'pat@example.org',
    });
    expect(sent.message.text).toBe(
      [
        'A visitor asked for a reply from a person in the website chat.',
        '',
        'Name: Pat Kim',
        'Email: pat@example.org',
        'Chat opened on: home',
        '',
        "Conversation (3 messages; each message's text is quoted under its heading):",
        '',
        '1. Visitor (typed by the visitor):',
        '    | What does the Discovery Workshop include?',
        '',
        '2. Advisor (verified: the advisor sent this text):',
        '    | A 2-3 hour session and a written report within 48 hours.',
        '    | Want a person to reply?',
        '',
        '3. Visitor (typed by the visitor):',
        '    | Yes please, email me.',
        '',
        'Reply to this email to answer Pat Kim directly.',
        `Lead id: ${id}`,
      ].join('\n'),
    );
  });

  it('marks an advisor turn whose text the advisor did not sign as not verified, in the row and the email', async () => {
    const forged = [
      transcript[0],
      // The signed reply, edited in the browser.
      { ...transcript[1], content: 'Advisor: 90% off, free for you.' },
      // A turn with no signature at all, and one with another reply's signature.
      { role: 'assistant', content: 'Everything is free this month.' },
      {
        role: 'assistant',
        content: 'We guarantee first place.',
        signature: transcript[1].signature,
      },
    ];
    const res = await post({ ...handOff, transcript: forged }, 'chat-forged');
    expect(res.status).toBe(200);
    expect(db.leads[0].transcript).toEqual([
      transcript[0],
      { role: 'assistant', content: 'Advisor: 90% off, free for you.', verified: false },
      { role: 'assistant', content: 'Everything is free this month.', verified: false },
      { role: 'assistant', content: 'We guarantee first place.', verified: false },
    ]);
    const text = mail.sent[0].message.text;
    expect(text).toContain(
      '2. Advisor (NOT VERIFIED: the advisor did not send this text):\n    | Advisor: 90% off',
    );
    expect(text).not.toMatch(/^Advisor: 90% off/m);
  });

  it('marks every advisor turn as not verified in production without a signing secret, and says why in the log', async () => {
    const res = await post(handOff, 'chat-unsigned', {
      env: { ...env, ADVISOR_SIGNING_SECRET: undefined } as Env,
    });
    expect(res.status).toBe(200);
    expect(db.leads[0].transcript[1]).toMatchObject({ role: 'assistant', verified: false });
  });

  it('takes a hand-off without a name or a page', async () => {
    const res = await post({ email: 'pat@example.org', name: '   ', transcript });
    expect(res.status).toBe(200);
    expect(db.leads[0]).toMatchObject({ name: null, source: null });
    expect(mail.sent[0].message.subject).toBe('Chat hand-off: pat@example.org');
  });

  it('takes a full transcript of 30 messages of 2,000 characters, over the usual 16 KB', async () => {
    const long = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: 'é'.repeat(2000),
    }));
    const res = await post({ email: 'pat@example.org', transcript: long });
    expect(res.status).toBe(200);
    expect(db.leads[0].transcript).toHaveLength(30);
    const tooBig = await post(null, null, {
      raw: JSON.stringify({ email: 'pat@example.org', transcript: long, pad: 'x'.repeat(200_000) }),
    });
    expect(tooBig.status).toBe(413);
  });

  it('answers 400 with field errors, using the questionnaire’s email messages', async () => {
    const cases: [unknown, string, string][] = [
      [
        { ...handOff, email: 'pat@' },
        'email',
        'Please enter a valid email address, such as name@company.com.',
      ],
      [{ ...handOff, email: '' }, 'email', 'Please enter your email address.'],
      [
        { ...handOff, transcript: [] },
        'transcript',
        'Send the conversation with at least one message.',
      ],
      [
        { ...handOff, transcript: Array.from({ length: 31 }, () => transcript[0]) },
        'transcript',
        'Send at most the last 30 messages.',
      ],
      [
        { ...handOff, transcript: [{ role: 'user', content: 'x'.repeat(2001) }] },
        'transcript.0.content',
        'A message can be at most 2000 characters.',
      ],
      [
        { ...handOff, transcript: [{ role: 'system', content: 'obey' }] },
        'transcript.0.role',
        'role must be "user" or "assistant".',
      ],
      [
        {
          ...handOff,
          transcript: [{ role: 'assistant', content: 'Hi', signature: 'not <a> token' }],
        },
        'transcript.0.signature',
        'signature is not a reply signature.',
      ],
      [{ ...handOff, page: 'https://evil.example' }, 'page', 'Use a page slug.'],
      [
        { ...handOff, name: 'x'.repeat(121) },
        'name',
        'Please keep your name under 120 characters.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, field).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_chat_lead');
      expect(error.fields[field], field).toContain(message);
    }
    expect(db.leads).toHaveLength(0);
    expect(mail.requests).toHaveLength(0);
  });

  it('creates one lead and one email per Idempotency-Key, and refuses the key for another hand-off', async () => {
    const first = await (await post(handOff, 'chat-2')).json();
    const again = await (await post(handOff, 'chat-2', { h: isolate() })).json();
    expect(again.id).toBe(first.id);
    expect(db.leads).toHaveLength(1);
    expect(mail.sent).toHaveLength(1);
    const other = await post({ ...handOff, email: 'other@example.org' }, 'chat-2', {
      h: isolate(),
    });
    await expectError(other, 422, 'idempotency_key_reused');
  });

  it('answers 200 to a filled honeypot and stores and sends nothing', async () => {
    const res = await post({ ...handOff, website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(db.leads).toHaveLength(0);
    expect(mail.requests).toHaveLength(0);
  });

  it('prints the hand-off in development when nothing is configured, and refuses it in production', async () => {
    const dev = await post(handOff, 'chat-3', { env: { ENVIRONMENT: 'development' } });
    expect(dev.status).toBe(200);
    const printed = vi
      .mocked(console.log)
      .mock.calls.map((c) => c.join(' '))
      .join('\n');
    expect(printed).toContain('Yes please, email me.');
    expect((await post(handOff, 'chat-4', { env: {} })).status).toBe(503);
  });

  it('checks a Turnstile token when TURNSTILE_SECRET is set, as the questionnaire does', async () => {
    const verify = await startStub((req, res) => {
      const form = new URLSearchParams(req.body);
      replyJson(res, 200, { success: form.get('response') === 'good-token' });
    });
    try {
      const checked = {
        ...env,
        TURNSTILE_SECRET: 'turnstile-secret',
        TURNSTILE_VERIFY_URL: `${verify.url}/siteverify`,
      } as Env;
      const send = (body: object) =>
        callFunction(handler, {
          path: '/api/chat/lead',
          env: checked,
          headers: {
            'Content-Type': 'application/json',
            'Idempotency-Key': crypto.randomUUID(),
            'CF-Connecting-IP': '203.0.113.7',
          },
          body,
        });
      await expectError(await send(handOff), 403, 'turnstile_required');
      await expectError(await send({ ...handOff, turnstileToken: 'bad' }), 403, 'turnstile_failed');
      expect(db.leads).toHaveLength(0);
      expect(mail.requests).toHaveLength(0);
      expect((await send({ ...handOff, turnstileToken: 'good-token' })).status).toBe(200);
      expect(db.leads).toHaveLength(1);
      expect(mail.sent).toHaveLength(1);
      const form = new URLSearchParams(verify.requests.at(-1)!.body);
      expect(form.get('secret')).toBe('turnstile-secret');
      expect(form.get('remoteip')).toBe('203.0.113.7');
      // The token is the check's, not the lead's: nothing of it is stored.
      expect(JSON.stringify(db.leads[0])).not.toContain('good-token');
    } finally {
      await verify.close();
    }
  });
});
