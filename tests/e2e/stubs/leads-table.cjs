// A stand-in for PostgREST's /rest/v1/leads as the service role sees it: insert (with
// on_conflict and resolution=ignore-duplicates), select, update, delete and the filters the functions
// use (eq, neq, is, gt/gte/lt/lte, ilike, in, not., or=(...)), order, limit and offset. Rows
// get the table's defaults; the unique id and idempotency_key are enforced. Function tests make
// their own with createLeadsTable(); supabase.stub.cjs serves one under /supabase for the
// accounts build.

/** Columns a new row may leave out that the table fills with null. */
const NULLABLE_COLUMNS = [
  'name',
  'company',
  'current_challenge',
  'budget',
  'timeline',
  'priorities',
  'source',
  'idempotency_key',
  'content_digest',
  'transcript',
  'notified_at',
  'last_notify_error',
  'notify_claimed_at',
  'contacted_at',
];

/** The table's defaults (supabase/migrations): null but for these three columns. */
const DEFAULTS = {
  ...Object.fromEntries(NULLABLE_COLUMNS.map((column) => [column, null])),
  kind: 'questionnaire',
  additional_info: '',
  notify_attempts: 0,
};

function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** A value from a filter: quoted ("...") or bare. */
function unquote(value) {
  return value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;
}

/** Compares as dates when both sides are timestamps, else as text or numbers. */
function compare(a, b) {
  if (typeof a === 'number') return a - Number(b);
  const da = Date.parse(a);
  const db = Date.parse(b);
  if (!Number.isNaN(da) && !Number.isNaN(db) && /\d{4}-\d{2}-\d{2}T/.test(String(a))) {
    return da - db;
  }
  return String(a).localeCompare(String(b));
}

/** Whether `row` passes one filter `op.value` on `column` (PostgREST operator syntax). */
function passes(row, column, expression) {
  if (expression.startsWith('not.')) return !passes(row, column, expression.slice(4));
  const dot = expression.indexOf('.');
  const op = expression.slice(0, dot);
  const value = unquote(expression.slice(dot + 1));
  const actual = row[column];
  switch (op) {
    case 'eq':
      return actual !== null && actual !== undefined && compare(actual, value) === 0;
    case 'neq':
      return actual !== null && actual !== undefined && compare(actual, value) !== 0;
    case 'is':
      if (value === 'null') return actual === null || actual === undefined;
      if (value === 'true') return actual === true;
      if (value === 'false') return actual === false;
      throw new Error(`unsupported is.${value}`);
    case 'gt':
      return actual !== null && compare(actual, value) > 0;
    case 'gte':
      return actual !== null && compare(actual, value) >= 0;
    case 'lt':
      return actual !== null && compare(actual, value) < 0;
    case 'lte':
      return actual !== null && compare(actual, value) <= 0;
    case 'ilike': {
      if (actual === null || actual === undefined) return false;
      const pattern = value
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${pattern}$`, 'is').test(String(actual));
    }
    case 'in':
      return splitTopLevel(value.replace(/^\(|\)$/g, ''))
        .map(unquote)
        .some((v) => actual !== null && compare(actual, v) === 0);
    default:
      throw new Error(`unsupported operator ${op}`);
  }
}

/** Splits `a,b,"c,d"` on the commas outside quotes and parentheses. */
function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quoted) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
}

/** `or=(a.is.null,b.lt.x)`: true when any condition holds. */
function passesOr(row, expression) {
  return splitTopLevel(expression.replace(/^\(|\)$/g, '')).some((condition) => {
    const dot = condition.indexOf('.');
    return passes(row, condition.slice(0, dot), condition.slice(dot + 1));
  });
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function matches(row, query) {
  for (const [key, value] of query) {
    if (RESERVED.has(key)) continue;
    if (key === 'or') {
      if (!passesOr(row, value)) return false;
    } else if (!passes(row, key, value)) return false;
  }
  return true;
}

function pick(row, query) {
  const select = query.get('select');
  if (!select || select === '*') return { ...row };
  return Object.fromEntries(select.split(',').map((c) => [c, row[c] ?? null]));
}

function sorted(rows, query) {
  const order = query.get('order');
  if (!order) return rows;
  const keys = order.split(',').map((o) => {
    const [column, direction = 'asc'] = o.split('.');
    return { column, sign: direction === 'desc' ? -1 : 1 };
  });
  return [...rows].sort((a, b) => {
    for (const { column, sign } of keys) {
      const c = compare(a[column] ?? '', b[column] ?? '');
      if (c !== 0) return c * sign;
    }
    return 0;
  });
}

function paginate(rows, query) {
  const offset = Number(query.get('offset') ?? 0);
  const limit = query.has('limit') ? Number(query.get('limit')) : Infinity;
  return rows.slice(offset, offset + limit);
}

/** One leads table and its PostgREST endpoint, for the key `serviceRoleKey`. */
function createLeadsTable({ serviceRoleKey } = {}) {
  const rows = [];
  let clock = 0;

  /** created_at values strictly increase, like rows inserted one after another. */
  function now() {
    clock = Math.max(Date.now(), clock + 1);
    return new Date(clock).toISOString();
  }

  function insert(body, query, prefer) {
    const list = Array.isArray(body) ? body : [body];
    const created = [];
    for (const input of list) {
      const row = {
        id: input.id ?? crypto.randomUUID(),
        created_at: now(),
        ...DEFAULTS,
        ...input,
      };
      const clash = rows.find(
        (r) =>
          r.id === row.id || (row.idempotency_key && r.idempotency_key === row.idempotency_key),
      );
      if (clash) {
        if (prefer.includes('resolution=ignore-duplicates')) continue;
        return { status: 409, body: { code: '23505', message: 'duplicate key value' } };
      }
      rows.push(row);
      created.push(row);
    }
    return { status: 201, body: created.map((r) => pick(r, query)) };
  }

  /**
   * Answers one request under /rest/v1/leads. `request` is { method, path, query
   * (URLSearchParams), headers, body (text) }; `res` a Node response.
   */
  function handle({ method, query, headers, body }, res) {
    if (serviceRoleKey && headers.apikey !== serviceRoleKey) {
      return send(res, 401, { message: 'Invalid API key' });
    }
    const prefer = headers.prefer ?? '';
    try {
      if (method === 'POST') {
        const result = insert(JSON.parse(body || '{}'), query, prefer);
        return send(res, result.status, result.body);
      }
      if (method === 'GET') {
        const found = paginate(
          sorted(
            rows.filter((r) => matches(r, query)),
            query,
          ),
          query,
        );
        return send(
          res,
          200,
          found.map((r) => pick(r, query)),
        );
      }
      if (method === 'PATCH') {
        const patch = JSON.parse(body || '{}');
        const updated = rows.filter((r) => matches(r, query));
        for (const row of updated) Object.assign(row, patch);
        const answer = updated.map((r) => pick(r, query));
        return prefer.includes('return=representation')
          ? send(res, 200, answer)
          : send(res, 204, undefined);
      }
      if (method === 'DELETE') {
        const doomed = rows.filter((r) => matches(r, query));
        for (const row of doomed) rows.splice(rows.indexOf(row), 1);
        return prefer.includes('return=representation')
          ? send(
              res,
              200,
              doomed.map((r) => pick(r, query)),
            )
          : send(res, 204, undefined);
      }
      return send(res, 405, { message: 'method not allowed' });
    } catch (err) {
      return send(res, 400, { code: 'PGRST100', message: String(err.message ?? err) });
    }
  }

  return { handle, rows };
}

module.exports = { createLeadsTable };
