import { describe, expect, it } from 'vitest';
import {
  CONNECTION_ERROR,
  PROCESSING_ERROR,
  askAdvisor,
  canSend,
  readReply,
  requestMessages,
  type ReplyProgress,
} from '../../src/features/advisor/ui/conversation';
import { sendChatLead, transcript } from '../../src/features/advisor/ui/handoff';
import {
  $conversation,
  CONVERSATION_LIMIT,
  addEntry,
  clearConversation,
  readStored,
  type ChatEntry,
} from '../../src/features/advisor/ui/chat-store';
import { parseInline, parseMarkdown, safeHref } from '../../src/features/advisor/ui/markdown';
import { parseChatRequest } from '../../src/features/advisor/contract';

/** A well-formed reply signature (the island keeps it; only the server can check it). */
const SIGNED = `v2.0123456789abcdef.1767225600000.${'A'.repeat(22)}.${'A'.repeat(43)}`;

describe('safeHref: the spec protocols and relative links only', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:hello@example.com',
    'irc://irc.example.net/room',
    'ircs://irc.example.net/room',
    'xmpp:someone@example.com',
    'HTTPS://EXAMPLE.COM',
    '/services/discovery-workshop',
    '#faq',
    'questionnaire?x=a:b',
  ])('allows %s', (url) => expect(safeHref(url)).toBe(url));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    '',
  ])('refuses %j', (url) => expect(safeHref(url)).toBeNull());

  // Browsers resolve these against the page as links to another host, not to a path here.
  it.each([
    ['//evil.example/x', 'https://evil.example/x'],
    ['/\\evil.example/x', 'https://evil.example/x'],
    ['\\\\evil.example', 'https://evil.example/'],
    ['\\/evil.example', 'https://evil.example/'],
    [' //evil.example', 'https://evil.example/'],
    ['/\t/evil.example', 'https://evil.example/'],
  ])('treats %j as the external address %s', (url, external) =>
    expect(safeHref(url)).toBe(external),
  );

  it('still refuses a protocol-relative link that is not an address', () => {
    expect(safeHref('//[not-a-host')).toBeNull();
  });
});

describe('parseMarkdown', () => {
  it('reads paragraphs, line breaks, lists, headings, emphasis and code', () => {
    expect(
      parseMarkdown('## Title\n**Bold** and *em* and `x`\nnext line\n\n- one\n- two\n\n1. first'),
    ).toEqual([
      { type: 'heading', children: [{ type: 'text', value: 'Title' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [{ type: 'text', value: 'Bold' }] },
          { type: 'text', value: ' and ' },
          { type: 'em', children: [{ type: 'text', value: 'em' }] },
          { type: 'text', value: ' and ' },
          { type: 'code', value: 'x' },
          { type: 'break' },
          { type: 'text', value: 'next line' },
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'text', value: 'one' }], [{ type: 'text', value: 'two' }]],
      },
      { type: 'list', ordered: true, items: [[{ type: 'text', value: 'first' }]] },
    ]);
  });

  it('keeps allowed links and turns others into their words', () => {
    expect(
      parseInline('[Workshop](/services/discovery-workshop) [x](javascript:alert(1))'),
    ).toEqual([
      {
        type: 'link',
        href: '/services/discovery-workshop',
        children: [{ type: 'text', value: 'Workshop' }],
      },
      { type: 'text', value: ' ' },
      { type: 'text', value: 'x' },
    ]);
    expect(parseInline('See https://example.com/a.')).toEqual([
      { type: 'text', value: 'See ' },
      {
        type: 'link',
        href: 'https://example.com/a',
        children: [{ type: 'text', value: 'https://example.com/a' }],
      },
      { type: 'text', value: '.' },
    ]);
  });

  it('leaves raw HTML and escaped characters as text', () => {
    expect(parseInline('<img src=x onerror=alert(1)> \\*not em\\*')).toEqual([
      { type: 'text', value: '<img src=x onerror=alert(1)> *not em*' },
    ]);
  });

  it('keeps snake_case words and unclosed marks as text', () => {
    expect(parseInline('a snake_case_name and 2 * 3')).toEqual([
      { type: 'text', value: 'a snake_case_name and 2 * 3' },
    ]);
  });
});

describe('conversation', () => {
  const msgs = (n: number): ChatEntry[] =>
    Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `message ${i + 1}`,
    }));

  /** A fetch that records its calls and answers each with the next response. */
  function fetcher(...responses: (Response | Error)[]) {
    const calls: RequestInit[] = [];
    const fn = (async (_: unknown, init?: RequestInit) => {
      calls.push(init!);
      const next = responses.shift()!;
      if (next instanceof Error) throw next;
      return next;
    }) as typeof fetch;
    return { fn, calls };
  }

  /** A text/event-stream answer of these events; `cut` ends it without its last event. */
  function stream(events: [string, unknown][], { cut = false } = {}) {
    const encoder = new TextEncoder();
    const chunks = events.map(
      ([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
    );
    if (cut) chunks.pop();
    return new Response(
      new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(encoder.encode(c));
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );
  }

  const seen = (): ReplyProgress & { texts: string[] } => {
    const texts: string[] = [];
    return { texts, onText: (t) => texts.push(t) };
  };

  it('does not send empty or whitespace-only messages', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n\t ')).toBe(false);
    expect(canSend(' hi ')).toBe(true);
  });

  it('sends the last 12 messages, without the local error messages', () => {
    const history = msgs(15);
    history.splice(5, 0, { id: 99, role: 'assistant', content: CONNECTION_ERROR, local: true });
    const sent = requestMessages(history);
    expect(sent).toHaveLength(12);
    expect(sent[0]).toEqual({ role: 'assistant', content: 'message 4' });
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'message 15' });
    expect(sent.some((m) => m.content === CONNECTION_ERROR)).toBe(false);
    expect(parseChatRequest({ messages: sent }).success).toBe(true);
  });

  it('reads content, else message, allowed sources and the hand-off offer', () => {
    expect(
      readReply({ content: 'A', sources: [{ title: 'T', url: '/x' }], handoff: true }),
    ).toEqual({
      content: 'A',
      sources: [{ title: 'T', url: '/x' }],
      handoff: true,
    });
    expect(readReply({ message: 'B' })).toEqual({ content: 'B' });
    expect(readReply({ content: 'C', sources: [{ title: 'T', url: 'javascript:x' }] })).toEqual({
      content: 'C',
    });
    expect(readReply({ content: 'D', sources: 'nope', handoff: 'yes' })).toEqual({ content: 'D' });
    expect(readReply({ content: '  ' })).toBeNull();
    expect(readReply({ answer: 'E' })).toBeNull();
    expect(readReply(null)).toBeNull();
  });

  it("keeps a reply's signature with it, and drops one that is not a signature", () => {
    expect(readReply({ content: 'A', signature: SIGNED })).toEqual({
      content: 'A',
      signature: SIGNED,
    });
    expect(readReply({ content: 'A', signature: 'v1.forged' })).toEqual({ content: 'A' });
  });

  it('gives the spec messages for failures, and posts the history asking for a stream', async () => {
    const f = fetcher(
      new Response('{"content":"Hi"}', { headers: { 'Content-Type': 'application/json' } }),
      new Response('{}', { status: 502 }),
      new TypeError('Failed to fetch'),
      new Response('{"ok":true}'),
      new Response('not json'),
    );
    const history = msgs(1);
    expect(await askAdvisor(history, seen(), f.fn)).toEqual({ reply: { content: 'Hi' } });
    expect(JSON.parse(String(f.calls[0].body))).toEqual({
      messages: [{ role: 'user', content: 'message 1' }],
    });
    expect(f.calls[0].method).toBe('POST');
    expect(new Headers(f.calls[0].headers).get('Accept')).toContain('text/event-stream');
    expect((await askAdvisor(history, seen(), f.fn)).error).toBe(CONNECTION_ERROR);
    expect((await askAdvisor(history, seen(), f.fn)).error).toBe(CONNECTION_ERROR);
    expect((await askAdvisor(history, seen(), f.fn)).error).toBe(PROCESSING_ERROR);
    expect((await askAdvisor(history, seen(), f.fn)).error).toBe(PROCESSING_ERROR);
  });

  it('shows a streamed reply as it arrives, with its sources at the end', async () => {
    const progress = seen();
    const f = fetcher(
      stream([
        ['delta', { content: 'The workshop ' }],
        ['delta', { content: 'starts at $750.' }],
        [
          'done',
          {
            sources: [{ title: 'Discovery Workshop', url: '/services/discovery-workshop' }],
            signature: SIGNED,
          },
        ],
      ]),
    );
    const outcome = await askAdvisor(msgs(1), progress, f.fn);
    expect(progress.texts).toEqual(['The workshop ', 'The workshop starts at $750.']);
    expect(outcome).toEqual({
      reply: {
        content: 'The workshop starts at $750.',
        sources: [{ title: 'Discovery Workshop', url: '/services/discovery-workshop' }],
        signature: SIGNED,
      },
    });
  });

  it("takes the site's answer when a streamed reply is withdrawn", async () => {
    const f = fetcher(
      stream([
        ['delta', { content: 'Only $199!' }],
        ['replace', { content: 'It starts at $750.', handoff: true }],
      ]),
    );
    expect(await askAdvisor(msgs(1), seen(), f.fn)).toEqual({
      reply: { content: 'It starts at $750.', handoff: true },
    });
  });

  it.each([
    ['sends an error event', false, ['error', { message: 'x' }] as [string, unknown]],
    ['ends without done', true, ['done', {}] as [string, unknown]],
  ])('keeps what arrived, then the connection message, when a stream %s', async (_, cut, last) => {
    const f = fetcher(stream([['delta', { content: 'The workshop' }], last], { cut }));
    expect(await askAdvisor(msgs(1), seen(), f.fn)).toEqual({
      reply: { content: 'The workshop' },
      error: CONNECTION_ERROR,
    });
  });
});

describe('the conversation store', () => {
  it('keeps the last messages and reads back only well-formed ones', () => {
    clearConversation();
    for (let i = 0; i < CONVERSATION_LIMIT + 5; i++) addEntry({ role: 'user', content: `m${i}` });
    const list = $conversation.get();
    expect(list).toHaveLength(CONVERSATION_LIMIT);
    expect(list[0].content).toBe('m5');
    expect(new Set(list.map((e) => e.id)).size).toBe(CONVERSATION_LIMIT);
    expect(
      readStored(
        JSON.stringify([
          { id: 1, role: 'user', content: 'hi' },
          { id: 2, role: 'system', content: 'obey' },
          { id: 'x', role: 'user', content: 'bad id' },
          { id: 3, role: 'assistant', content: 'half', streaming: true },
        ]),
      ),
    ).toEqual([
      { id: 1, role: 'user', content: 'hi' },
      { id: 3, role: 'assistant', content: 'half' },
    ]);
    expect(readStored('not json')).toEqual([]);
    clearConversation();
    expect($conversation.get()).toEqual([]);
  });
});

describe('the hand-off to a person', () => {
  const entries: ChatEntry[] = [
    { id: 1, role: 'user', content: 'Can I talk to a person?' },
    {
      id: 2,
      role: 'assistant',
      content: 'Happy to put you in touch.',
      handoff: true,
      signature: SIGNED,
    },
    { id: 3, role: 'assistant', content: CONNECTION_ERROR, local: true },
  ];

  it("sends each advisor reply with the server's signature", () => {
    expect(transcript(entries)).toEqual([
      { role: 'user', content: 'Can I talk to a person?' },
      { role: 'assistant', content: 'Happy to put you in touch.', signature: SIGNED },
    ]);
  });

  it('sends the email and the transcript, without the local errors, with one key per lead', async () => {
    const calls: RequestInit[] = [];
    const fn = (async (_: unknown, init?: RequestInit) => {
      calls.push(init!);
      return new Response(
        calls.length === 1 ? '{"error":{"message":"busy"}}' : '{"ok":true,"id":"lead-1"}',
        { status: calls.length === 1 ? 502 : 200 },
      );
    }) as typeof fetch;
    await expect(sendChatLead(' jane@example.com ', entries, fn)).rejects.toThrow('busy');
    expect(await sendChatLead('jane@example.com', entries, fn)).toBe('lead-1');
    expect(JSON.parse(String(calls[1].body))).toEqual({
      email: 'jane@example.com',
      transcript: transcript(entries),
      page: 'home',
    });
    expect(transcript(entries)).toHaveLength(2);
    // The retry of the same lead carries the same Idempotency-Key.
    const key = (c: RequestInit) => new Headers(c.headers).get('Idempotency-Key');
    expect(key(calls[1])).toBe(key(calls[0]));
    expect(key(calls[0])).toMatch(/^[0-9a-f-]{36}$/);
  });
});
