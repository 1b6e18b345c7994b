import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/http';
import {
  clientKey,
  createRateLimiter,
  rateLimited,
  clientNetworks,
  networkKey,
  waitPhrase,
} from '#server/rate-limit';

describe('rate limiter', () => {
  it('allows a burst up to the limit, then refuses with the wait until the next token', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfter: 20 });
    now = 10_000;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfter: 10 });
    now = 20_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('forgets the least recently seen clients beyond its capacity', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxClients: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');
    // "a" was forgotten, so it starts with a full allowance again; "c" was not.
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });

  it('keys clients by the connecting IP, then the first forwarded address', () => {
    const req = (headers: Record<string, string>) => new Request('http://x/', { headers });
    expect(
      clientKey(req({ 'CF-Connecting-IP': '203.0.113.9', 'X-Forwarded-For': '1.1.1.1' })),
    ).toBe('203.0.113.9');
    expect(clientKey(req({ 'X-Forwarded-For': '198.51.100.4, 10.0.0.1' }))).toBe('198.51.100.4');
    expect(clientKey(req({}))).toBe('unknown');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    for (const [ip, key] of [
      ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
      ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
      ['2001:db8::', '2001:db8:0:0::/64'],
      ['::1', '0:0:0:0::/64'],
      ['fe80::1%eth0', 'fe80:0:0:0::/64'],
      ['::ffff:192.0.2.33', '192.0.2.33'],
      ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
      ['203.0.113.9', '203.0.113.9'],
      ['not-an-address', 'not-an-address'],
      ['1::2::3', '1::2::3'],
      ['1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8:9'],
    ] as const) {
      expect(networkKey(ip), ip).toBe(key);
    }
    const req = new Request('http://x/', { headers: { 'CF-Connecting-IP': '2001:db8:5:6::abcd' } });
    expect(clientKey(req)).toBe('2001:db8:5:6::/64');
  });

  it('says how long to wait in seconds, or minutes from two minutes on', () => {
    expect(waitPhrase(1)).toBe('1 second');
    expect(waitPhrase(45)).toBe('45 seconds');
    expect(waitPhrase(119)).toBe('119 seconds');
    expect(waitPhrase(120)).toBe('2 minutes');
    expect(waitPhrase(361)).toBe('7 minutes');
  });

  it('makes the 429 HttpError with Retry-After', () => {
    const err = rateLimited(61);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.status).toBe(429);
    expect(new Headers(err.headers).get('Retry-After')).toBe('61');
  });

  it('puts an IPv6 client in its /48 as well as its /64', () => {
    const req = (ip: string) => new Request('http://x/', { headers: { 'CF-Connecting-IP': ip } });
    expect(clientNetworks(req('2001:db8:5:6::1'))).toEqual({
      client: '2001:db8:5:6::/64',
      network: '2001:db8:5::/48',
    });
    expect(clientNetworks(req('192.0.2.5'))).toEqual({ client: '192.0.2.5' });
    expect(clientNetworks(req('::ffff:192.0.2.5'))).toEqual({ client: '192.0.2.5' });
  });
});
