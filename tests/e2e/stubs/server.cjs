// Runs the upstream stand-ins on E2E_STUB_PORT (default 8790). Started by playwright.config.ts.
const { createServer } = require('node:http');
const { loadStubs } = require('./index.cjs');

const port = Number(process.env.E2E_STUB_PORT ?? 8790);
const stubs = loadStubs();
const recorded = [];

createServer(async (req, res) => {
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const body = Buffer.concat(chunks).toString('utf8');
  const url = new URL(req.url, `http://127.0.0.1:${port}`);
  if (url.pathname === '/__requests') {
    const prefix = url.searchParams.get('prefix') ?? '';
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(recorded.filter((r) => r.path.startsWith(prefix))));
    return;
  }
  if (url.pathname === '/__reset') {
    recorded.length = 0;
    res.writeHead(204).end();
    return;
  }
  if (url.pathname === '/') {
    res.writeHead(200).end('stubs');
    return;
  }
  const stub = stubs.find((s) => url.pathname.startsWith(s.prefix));
  recorded.push({
    method: req.method,
    path: url.pathname,
    query: url.search,
    headers: req.headers,
    body,
  });
  if (!stub) {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"no stub"}');
    return;
  }
  try {
    await stub.handle(req, res, body, url);
  } catch (err) {
    if (!res.headersSent) res.writeHead(500);
    res.end(String(err));
  }
}).listen(port, '127.0.0.1');
