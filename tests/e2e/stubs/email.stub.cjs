// A stand-in for Resend's POST /emails, with Resend's documented idempotency answers
// (https://resend.com/docs/dashboard/emails/idempotency-keys):
//   - a key seen before with the same payload answers the first answer again and sends nothing;
//   - a key seen before with a different payload answers 409 invalid_idempotent_request;
//   - a key whose first request is still being processed answers 409 concurrent_idempotent_requests.
// Failed requests do not keep their key, so a retry sends.
//
// Function tests build their own with createResend(); end-to-end runs use the shared one under
// /email, controlled with POST /email/__fail?count=N&match=TEXT (the next N sends whose payload
// holds TEXT answer 503, so tests running side by side fail only their own) and read with
// GET /email/__sent. Its bindings go only to the accounts build (tests/e2e/accounts-site.ts), so
// the shared site keeps printing leads to the console.
const { createHash } = require('node:crypto');

const API_KEY = 'e2e-email-key';

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function error(res, status, name, message) {
  send(res, status, { statusCode: status, name, message });
}

/** One Resend account: its idempotency keys and the messages it really sent. */
function createResend({ apiKey = API_KEY } = {}) {
  const keys = new Map();
  const sent = [];
  /** Failures still to answer: { match, count }, a send failing if its payload holds `match`. */
  const failures = [];
  let delayMs = 0;
  let nextId = 1;

  async function handle({ method, headers, body }, res) {
    if (method !== 'POST') return error(res, 405, 'method_not_allowed', 'Use POST.');
    if (headers.authorization !== `Bearer ${apiKey}`) {
      return error(res, 403, 'invalid_api_key', 'API key is invalid');
    }
    let message;
    try {
      message = JSON.parse(body);
    } catch {
      return error(res, 400, 'validation_error', 'Invalid JSON.');
    }
    const missing = ['from', 'to', 'subject'].filter((f) => !message[f]);
    if (missing.length || !(message.text || message.html) || !Array.isArray(message.to)) {
      return error(res, 422, 'validation_error', `Missing fields: ${missing.join(', ')}`);
    }
    const key = headers['idempotency-key'];
    if (key !== undefined && (key.length < 1 || key.length > 256)) {
      return error(res, 400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
    }
    const hash = createHash('sha256').update(body).digest('hex');
    const known = key && keys.get(key);
    if (known) {
      if (known.hash !== hash) {
        return error(
          res,
          409,
          'invalid_idempotent_request',
          'Same idempotency key used with a different request payload.',
        );
      }
      if (!known.answer) {
        return error(
          res,
          409,
          'concurrent_idempotent_requests',
          'Same idempotency key used while original request is still in progress.',
        );
      }
      return send(res, 200, known.answer);
    }
    const failure = failures.find((f) => f.count > 0 && body.includes(f.match));
    if (failure) {
      failure.count--;
      return error(res, 503, 'application_error', 'Service unavailable.');
    }
    const entry = { hash, answer: undefined };
    if (key) keys.set(key, entry);
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
    entry.answer = { id: `email-${nextId++}` };
    sent.push({ key, message, id: entry.answer.id });
    send(res, 200, entry.answer);
  }

  return {
    handle,
    /** Messages really sent, oldest first: { key, message, id }. */
    sent,
    /** The next `count` sends whose payload holds `match` answer 503 (and keep no key). */
    failNext(count, match = '') {
      failures.push({ match, count });
    },
    /** Each send takes this long before it answers, to make requests overlap. */
    setDelay(ms) {
      delayMs = ms;
    },
  };
}

const shared = createResend();

module.exports = {
  prefix: '/email',
  API_KEY,
  createResend,
  /** Function configuration for a build that notifies the firm of leads by email. */
  accountsBindings: (origin) => ({
    EMAIL_API_URL: `${origin}/email/emails`,
    EMAIL_API_KEY: API_KEY,
    LEAD_NOTIFY_TO: 'leads@firm.test',
    LEAD_NOTIFY_FROM: 'Website <web@firm.test>',
  }),
  async handle(req, res, body, url) {
    if (url.pathname === '/email/__fail') {
      shared.failNext(
        Number(url.searchParams.get('count') ?? 1),
        url.searchParams.get('match') ?? '',
      );
      return send(res, 200, { ok: true });
    }
    if (url.pathname === '/email/__sent') return send(res, 200, shared.sent);
    await shared.handle({ method: req.method, headers: req.headers, body }, res);
  },
};
