// Cloudflare Turnstile's siteverify for end-to-end runs, answering as Cloudflare documents for
// its testing keys: the always-pass secret accepts the dummy token its site key issues, and
// nothing else passes. Only the accounts build (tests/e2e/accounts-site.ts), which is built with
// the always-pass site key, checks tokens.
const TEST_SECRET = '1x0000000000000000000000000000000AA';
const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

module.exports = {
  prefix: '/turnstile',
  TEST_SECRET,
  DUMMY_TOKEN,
  accountsBindings: (origin) => ({
    TURNSTILE_SECRET: TEST_SECRET,
    TURNSTILE_VERIFY_URL: `${origin}/turnstile/siteverify`,
  }),
  handle(req, res, body) {
    const form = new URLSearchParams(body);
    const success =
      req.method === 'POST' &&
      form.get('secret') === TEST_SECRET &&
      form.get('response') === DUMMY_TOKEN;
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(
      JSON.stringify(
        success
          ? { success: true, 'error-codes': [], hostname: 'example.com' }
          : { success: false, 'error-codes': ['invalid-input-response'] },
      ),
    );
  },
};
