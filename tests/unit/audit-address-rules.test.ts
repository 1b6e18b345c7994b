import { describe, expect, it } from 'vitest';
import {
  checkAuditTarget,
  isPublicAddress,
  parseAllowHosts,
} from '../../src/features/audit/url-guard';

/**
 * The audit's address rules: which resolved addresses count as public, and which address forms
 * are refused before anything is resolved or fetched.
 */
describe('isPublicAddress: the addresses a name may resolve to', () => {
  const refused: [address: string, why: string][] = [
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.20', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['192.0.2.10', 'documentation (TEST-NET-1)'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['198.18.0.1', 'benchmarking'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique local'],
    ['fd12:3456:789a::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped metadata address, long form'],
    ['64:ff9b::a00:1', 'NAT64 (carries 10.0.0.1)'],
    ['2002:a00:1::1', '6to4 (carries 10.0.0.1)'],
    ['2001::1', 'Teredo'],
    ['fec0::1', 'deprecated site-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['100::1', 'discard-only'],
    ['fe80::1%eth0', 'zone index'],
    ['2130706433', 'decimal IPv4, not a dotted quad'],
    ['0x7f000001', 'hex IPv4'],
    ['0177.0.0.1', 'octal IPv4'],
    ['127.1', 'short IPv4'],
    ['localhost', 'a name, not an address'],
    ['', 'empty'],
    ['999.1.1.1', 'not an address'],
  ];
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  const allowed = [
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80e::200e',
    '::ffff:93.184.215.14',
  ];
  it.each(allowed)('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkAuditTarget: address forms refused before any lookup', () => {
  const table: [address: string, reason: string][] = [
    ['http://127.0.0.1/', 'ip_literal'],
    ['http://127.0.0.1./', 'ip_literal'],
    ['http://2130706433/', 'ip_literal'],
    ['http://0x7f000001/', 'ip_literal'],
    ['http://0x7f.0.0.1/', 'ip_literal'],
    ['http://0177.0.0.1/', 'ip_literal'],
    ['http://127.1/', 'ip_literal'],
    ['http://%31%32%37.0.0.1/', 'ip_literal'],
    ['http://[::1]/', 'ip_literal'],
    ['http://[::ffff:127.0.0.1]/', 'ip_literal'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'ip_literal'],
    ['http://[fe80::1]/', 'ip_literal'],
    ['http://169.254.169.254/latest/meta-data/', 'ip_literal'],
    ['http://8.8.8.8/', 'ip_literal'],
    ['http://localhost/', 'private_name'],
    ['http://localhost./', 'private_name'],
    ['http://LOCALHOST/', 'private_name'],
    ['http://www.localhost/', 'private_name'],
    ['http://foo.localhost../', 'private_name'],
    ['http://printer.local/', 'private_name'],
    ['http://metadata.google.internal/', 'private_name'],
    ['http://router.home.arpa./', 'private_name'],
    ['http://intranet/', 'private_name'],
    ['http://example.com:8080/', 'port'],
    ['http://localhost:8788/', 'port'],
    ['https://example.com:22/', 'port'],
    ['http://user:pass@example.com/', 'credentials'],
    ['http://user@example.com/', 'credentials'],
    ['ftp://example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['not a url', 'not_a_url'],
  ];
  it.each(table)('%s -> %s', (address, reason) => {
    expect(checkAuditTarget(address)).toEqual({ ok: false, reason });
  });

  it('lets public names through on the default ports, trailing dot included', () => {
    for (const address of [
      'https://www.example.com/',
      'http://example.com:80/a',
      'https://shop.example.co.uk:443/',
      'https://www.example.com./',
    ]) {
      expect(checkAuditTarget(address).ok, address).toBe(true);
    }
  });

  it('lets listed host:port pairs through, and nothing else', () => {
    const allowHosts = parseAllowHosts(
      ' 127.0.0.1:8788, [::1]:4000 ,localhost:80,nonsense:port:1,,',
    );
    expect([...allowHosts].sort()).toEqual(['127.0.0.1:8788', '[::1]:4000', 'localhost:80'].sort());
    expect(checkAuditTarget('http://127.0.0.1:8788/x', { allowHosts }).ok).toBe(true);
    expect(checkAuditTarget('http://[::1]:4000/', { allowHosts }).ok).toBe(true);
    expect(checkAuditTarget('http://localhost/', { allowHosts }).ok).toBe(true);
    // Another port of the same host, or https on the listed port's host, is not listed.
    expect(checkAuditTarget('http://127.0.0.1:8789/', { allowHosts })).toEqual({
      ok: false,
      reason: 'port',
    });
    expect(checkAuditTarget('https://localhost/', { allowHosts })).toEqual({
      ok: false,
      reason: 'private_name',
    });
    // Credentials are refused whatever the host.
    expect(checkAuditTarget('http://a:b@127.0.0.1:8788/', { allowHosts })).toEqual({
      ok: false,
      reason: 'credentials',
    });
    expect(parseAllowHosts(undefined).size).toBe(0);
  });
});
