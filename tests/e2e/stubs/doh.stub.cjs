// DNS over HTTPS stand-in (the JSON API of Cloudflare's resolver) for end-to-end runs, so the
// audit's checks never ask a real resolver. Names containing "private" resolve to a private
// address (the audit must refuse them); every other name does not exist (NXDOMAIN), so audits of
// made-up hosts report their checks as not run. Fixture sites on loopback are reached through
// AUDIT_ALLOW_HOSTS instead, without DNS.

/** A resolver's JSON answer for `name` and `type` ('A' or 'AAAA') from `records`. */
function dohAnswer(name, type, records) {
  const key = String(name).toLowerCase().replace(/\.$/, '');
  const addresses = records[key];
  const code = type === 'AAAA' ? 28 : 1;
  const question = [{ name: key, type: code }];
  if (!addresses) return { Status: 3, TC: false, RD: true, RA: true, Question: question };
  const family = (a) => (a.includes(':') ? 28 : 1);
  return {
    Status: 0,
    TC: false,
    RD: true,
    RA: true,
    Question: question,
    Answer: addresses
      .filter((a) => family(a) === code)
      .map((data) => ({ name: key, type: code, TTL: 300, data })),
  };
}

module.exports = {
  prefix: '/doh',
  bindings: (origin) => ({ AUDIT_DOH_URL: `${origin}/doh/dns-query` }),
  dohAnswer,
  handle(req, res, _body, url) {
    const name = url.searchParams.get('name') ?? '';
    const type = url.searchParams.get('type') ?? 'A';
    const records = name.includes('private') ? { [name.toLowerCase()]: ['10.0.0.5'] } : {};
    res.writeHead(200, { 'Content-Type': 'application/dns-json' });
    res.end(JSON.stringify(dohAnswer(name, type, records)));
  },
};
