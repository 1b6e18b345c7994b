import { describe, expect, it } from 'vitest';
import { pageCspDirectives } from '../../src/lib/csp';

describe('the page Content Security Policy', () => {
  it('keeps everything to the site itself without accounts', () => {
    expect(pageCspDirectives(undefined)).toEqual([
      "default-src 'self'",
      "connect-src 'self'",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]);
  });

  it('lets the browser reach the Supabase project, over HTTPS and its WebSocket', () => {
    expect(pageCspDirectives('https://abcd.supabase.co/')).toContain(
      "connect-src 'self' https://abcd.supabase.co wss://abcd.supabase.co",
    );
    expect(pageCspDirectives('not a url')).toContain("connect-src 'self'");
  });
});
