// A stand-in for PostgREST's /rest/v1/advisor_questions as the Worker's service role uses it:
// insert one row per question_key and answer_id (ignoring duplicates), rate an unrated answer
// (PATCH ?answer_id=eq.X&rating=is.null), and the 90-day clean-up
// (POST /rest/v1/rpc/purge_advisor_questions). Function tests make their own with
// createQuestionsTable(); supabase.stub.cjs serves one for the accounts build.

function send(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function createQuestionsTable({ serviceRoleKey }) {
  const rows = [];
  return {
    rows,
    /** Answers one request: `path` is under /rest/v1, `query` its URLSearchParams. */
    handle({ method, path, query, headers, body }, res) {
      if (headers.apikey !== serviceRoleKey) return send(res, 401, { message: 'No API key' });
      if (path === '/rpc/purge_advisor_questions') {
        const cutoff = Date.now() - 90 * 24 * 60 * 60_000;
        const kept = rows.filter((r) => Date.parse(r.created_at) >= cutoff);
        const removed = rows.length - kept.length;
        rows.splice(0, rows.length, ...kept);
        return send(res, 200, removed);
      }
      const row = body ? JSON.parse(body) : {};
      if (method === 'POST') {
        // on_conflict=question_key, ignoring duplicates; answer_id is unique too.
        const conflict = (r) =>
          r.answer_id === row.answer_id ||
          (row.question_key !== undefined && r.question_key === row.question_key);
        if (rows.some(conflict)) return send(res, 201, []);
        const stored = {
          id: `q${rows.length + 1}-${Date.now()}`,
          created_at: new Date().toISOString(),
          rating: null,
          comment: null,
          rated_at: null,
          covered_at: null,
          ...row,
        };
        rows.push(stored);
        return send(res, 201, [stored]);
      }
      if (method === 'PATCH') {
        const id = (query.get('answer_id') ?? '').replace(/^eq\./, '');
        const target = rows.find((r) => r.answer_id === id && r.rating === null);
        if (!target) return send(res, 200, []);
        Object.assign(target, row);
        return send(res, 200, [{ id: target.id }]);
      }
      if (method === 'GET') return send(res, 200, rows);
      send(res, 405, { message: 'not stubbed' });
    },
  };
}

module.exports = { createQuestionsTable };
