import { describe, expect, it } from 'vitest';
import {
  CONNECTION_ERROR,
  PROCESSING_ERROR,
  askAdvisor,
  canSend,
  readReply,
  requestMessages,
  welcomeMessage,
  type UiMessage,
} from '../../src/features/advisor/conversation';
import { parseInline, parseMarkdown, safeHref } from '../../src/features/advisor/markdown';
import { parseChatRequest } from '../../src/features/advisor/contract';

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
  const msgs = (n: number): UiMessage[] =>
    Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `message ${i + 1}`,
    }));

  it('does not send empty or whitespace-only messages', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n\t ')).toBe(false);
    expect(canSend(' hi ')).toBe(true);
  });

  it('sends the last 12 messages, without the local welcome and error messages', () => {
    const history = [welcomeMessage('Firm'), ...msgs(15)];
    history.splice(5, 0, { id: 99, role: 'assistant', content: CONNECTION_ERROR, local: true });
    const sent = requestMessages(history);
    expect(sent).toHaveLength(12);
    expect(sent[0]).toEqual({ role: 'assistant', content: 'message 4' });
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'message 15' });
    expect(sent.some((m) => m.content === CONNECTION_ERROR)).toBe(false);
    expect(parseChatRequest({ messages: sent }).success).toBe(true);
  });

  it('reads content, else message, and only well-formed, allowed sources', () => {
    expect(readReply({ content: 'A', sources: [{ title: 'T', url: '/x' }] })).toEqual({
      content: 'A',
      sources: [{ title: 'T', url: '/x' }],
    });
    expect(readReply({ message: 'B' })).toEqual({ content: 'B' });
    expect(readReply({ content: 'C', sources: [{ title: 'T', url: 'javascript:x' }] })).toEqual({
      content: 'C',
    });
    expect(readReply({ content: 'D', sources: 'nope' })).toEqual({ content: 'D' });
    expect(readReply({ content: '  ' })).toBeNull();
    expect(readReply({ answer: 'E' })).toBeNull();
    expect(readReply(null)).toBeNull();
  });

  it('gives the spec messages for failures, and posts the history as JSON', async () => {
    const calls: RequestInit[] = [];
    const reply = (response: Response | Error) =>
      (async (_: unknown, init?: RequestInit) => {
        calls.push(init!);
        if (response instanceof Error) throw response;
        return response;
      }) as typeof fetch;
    const history = msgs(1);
    expect(await askAdvisor(history, reply(new Response('{"content":"Hi"}')))).toEqual({
      content: 'Hi',
    });
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      messages: [{ role: 'user', content: 'message 1' }],
    });
    expect(calls[0]!.method).toBe('POST');
    expect((await askAdvisor(history, reply(new Response('{}', { status: 502 })))).content).toBe(
      CONNECTION_ERROR,
    );
    expect((await askAdvisor(history, reply(new TypeError('Failed to fetch')))).content).toBe(
      CONNECTION_ERROR,
    );
    expect((await askAdvisor(history, reply(new Response('{"ok":true}')))).content).toBe(
      PROCESSING_ERROR,
    );
    expect((await askAdvisor(history, reply(new Response('not json')))).content).toBe(
      PROCESSING_ERROR,
    );
  });
});
