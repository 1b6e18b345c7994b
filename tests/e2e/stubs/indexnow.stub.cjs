// IndexNow stand-in for end-to-end runs: records each submission (GET /__requests?prefix=/indexnow)
// and answers 200, or 429 when a submitted address contains "rate-limited".
const KEY = 'e2e0indexnow0key0123456789abcdef';

module.exports = {
  prefix: '/indexnow',
  KEY,
  bindings: (origin) => ({ INDEXNOW_ENDPOINT: `${origin}/indexnow`, INDEXNOW_KEY: KEY }),
  handle(_req, res, body) {
    const limited = body.includes('rate-limited');
    res.writeHead(limited ? 429 : 200, { 'Content-Type': 'text/plain' });
    res.end(limited ? 'Too Many Requests' : '');
  },
};
