// Supabase stand-in for the functions in end-to-end runs: Supabase Auth's GET /auth/v1/user and
// PostgREST's rpc get_current_user_roles, as the admin routes call them with the caller's
// token, and the `leads` table for the service role (./leads-table.cjs), where the lead routes
// store leads and the outbox records notifications. The token names the caller: `e2e-admin-*`
// is an admin, `e2e-user-*` a plain user, and anything else is not a live session. (The
// browser's own Supabase calls are answered by Playwright route handlers in the specs; GET
// /supabase/__leads lists the stored leads for them, /supabase/__questions the advisor's
// recorded questions.)
//
// Its bindings are not given to the shared wrangler, so other features keep running without
// Supabase; tests/e2e/accounts-site.ts passes accountsBindings() to the accounts build instead.
const { createLeadsTable } = require('./leads-table.cjs');
const { createQuestionsTable } = require('./questions-table.cjs');

const ANON_KEY = 'test-anon-key';
const SERVICE_ROLE_KEY = 'test-service-role-key';
const leads = createLeadsTable({ serviceRoleKey: SERVICE_ROLE_KEY });
const questions = createQuestionsTable({ serviceRoleKey: SERVICE_ROLE_KEY });

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The account a token stands for, or undefined. */
function accountFor(token) {
  const match = /^e2e-(admin|user)-([\w-]+)$/.exec(token ?? '');
  if (!match) return undefined;
  const [, kind, id] = match;
  return {
    id: `00000000-0000-4000-8000-${id
      .replace(/[^0-9a-f]/g, '')
      .padStart(12, '0')
      .slice(-12)}`,
    email: `${kind}-${id}@example.com`,
    roles: kind === 'admin' ? ['admin', 'user'] : ['user'],
  };
}

module.exports = {
  prefix: '/supabase',
  ANON_KEY,
  SERVICE_ROLE_KEY,
  accountFor,
  /** Function configuration for a build with accounts enabled. */
  accountsBindings: (origin) => ({
    SUPABASE_URL: `${origin}/supabase`,
    SUPABASE_ANON_KEY: ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
    // Records what prospects ask the advisor, as production does.
    ADVISOR_INSIGHTS: 'on',
  }),
  handle(req, res, body, url) {
    if (url.pathname === '/supabase/__leads') return send(res, 200, leads.rows);
    if (url.pathname === '/supabase/__questions') return send(res, 200, questions.rows);
    if (
      url.pathname === '/supabase/rest/v1/advisor_questions' ||
      url.pathname === '/supabase/rest/v1/rpc/purge_advisor_questions'
    ) {
      const path = url.pathname.slice('/supabase/rest/v1'.length);
      return questions.handle(
        { method: req.method, path, query: url.searchParams, headers: req.headers, body },
        res,
      );
    }
    if (url.pathname === '/supabase/rest/v1/leads') {
      return leads.handle(
        { method: req.method, query: url.searchParams, headers: req.headers, body },
        res,
      );
    }
    if (req.headers.apikey !== ANON_KEY) return send(res, 401, { message: 'Invalid API key' });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const account = accountFor(token);
    if (req.method === 'GET' && url.pathname === '/supabase/auth/v1/user') {
      if (!account) return send(res, 403, { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' });
      return send(res, 200, { id: account.id, email: account.email, aud: 'authenticated' });
    }
    if (req.method === 'POST' && url.pathname === '/supabase/rest/v1/rpc/get_current_user_roles') {
      if (!account) return send(res, 401, { code: 'PGRST301', message: 'JWT expired' });
      return send(res, 200, account.roles);
    }
    send(res, 404, { message: 'not stubbed' });
  },
};
