// Upstream stand-ins for end-to-end runs. Each `*.stub.cjs` beside this file exports
//   { prefix: '/psi', bindings: (origin) => ({ PSI_ENDPOINT: `${origin}/psi` }), handle(req, res, body) }
// and, when it only serves the accounts build, `accountsBindings(origin)` instead (no `bindings`).
// The server routes by prefix, records every request (GET /__requests?prefix=/psi lists them,
// POST /__reset clears them), and playwright.config.ts passes each stub's bindings to wrangler.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');

function loadStubs() {
  return readdirSync(__dirname)
    .filter((f) => f.endsWith('.stub.cjs'))
    .sort()
    .map((f) => require(join(__dirname, f)));
}

/** Function configuration pointing every stubbed upstream at the stand-ins on `origin`. */
function stubBindings(origin) {
  return Object.assign(
    { ENVIRONMENT: 'development' },
    ...loadStubs().map((s) => s.bindings?.(origin) ?? {}),
  );
}

/**
 * Function configuration of the accounts build (tests/e2e/accounts-site.ts): everything above
 * plus the stand-ins only that build uses (Supabase with its leads table, email, Turnstile).
 */
function accountsBindings(origin) {
  return Object.assign(
    stubBindings(origin),
    ...loadStubs().map((s) => s.accountsBindings?.(origin) ?? {}),
  );
}

module.exports = { loadStubs, stubBindings, accountsBindings };
