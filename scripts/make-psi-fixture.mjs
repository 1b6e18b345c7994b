// Regenerates the PageSpeed Insights fixtures in tests/fixtures: runs Lighthouse (from npm) with
// the local Chromium, mobile, all four categories, and wraps its result in PSI v5's response
// envelope, trimmed to what a PSI client reads (categories, auditRefs, audits without their
// detail tables). The audited origin is rewritten to a public-looking one so the file does not
// depend on a loopback port.
//
//   node scripts/make-psi-fixture.mjs <page-url> <out.json> [origin]
//       audits a running page, e.g. our built site served by `npm start` (wrangler dev):
//       node scripts/make-psi-fixture.mjs http://127.0.0.1:8830/consultants tests/fixtures/psi-site.json
//   node scripts/make-psi-fixture.mjs --poor <out.json> [origin]
//       serves a deliberately flawed page on loopback (blocking CSS and script, a heavy unsized
//       image, missing labels and metadata) and audits that, for a result with many failures.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import * as prettier from 'prettier';
import { chromiumPath } from '../tests/browser.mjs';
import { benchToolFile } from './bench-tools.mjs';

const LIGHTHOUSE_CLI = benchToolFile('lighthouse', 'cli/index.js');
const CATEGORIES = 'performance,accessibility,best-practices,seo';

/** Audit fields a PSI client reads; details keep only their type and savings totals. */
const AUDIT_FIELDS = [
  'id',
  'title',
  'description',
  'score',
  'scoreDisplayMode',
  'displayValue',
  'numericValue',
  'numericUnit',
  'metricSavings',
  'errorMessage',
];

function pick(object, keys) {
  return Object.fromEntries(keys.filter((k) => object[k] !== undefined).map((k) => [k, object[k]]));
}

function trimAudit(audit) {
  const trimmed = pick(audit, AUDIT_FIELDS);
  if (audit.details) {
    trimmed.details = pick(audit.details, ['type', 'overallSavingsMs', 'overallSavingsBytes']);
  }
  return trimmed;
}

/** PSI v5's answer around a Lighthouse result. */
function psiEnvelope(lhr) {
  const lighthouseResult = {
    requestedUrl: lhr.requestedUrl,
    finalUrl: lhr.finalUrl,
    mainDocumentUrl: lhr.mainDocumentUrl,
    finalDisplayedUrl: lhr.finalDisplayedUrl,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.userAgent,
    fetchTime: lhr.fetchTime,
    environment: lhr.environment,
    runWarnings: lhr.runWarnings,
    ...(lhr.runtimeError ? { runtimeError: lhr.runtimeError } : {}),
    configSettings: pick(lhr.configSettings, [
      'emulatedFormFactor',
      'formFactor',
      'locale',
      'onlyCategories',
      'channel',
    ]),
    audits: Object.fromEntries(Object.entries(lhr.audits).map(([id, a]) => [id, trimAudit(a)])),
    categories: Object.fromEntries(
      Object.entries(lhr.categories).map(([id, c]) => [
        id,
        pick(c, ['id', 'title', 'description', 'score', 'manualDescription', 'auditRefs']),
      ]),
    ),
    categoryGroups: lhr.categoryGroups,
    timing: { total: lhr.timing?.total },
  };
  return {
    captchaResult: 'CAPTCHA_NOT_NEEDED',
    kind: 'pagespeedonline#result',
    id: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    // Without enough Chrome UX Report data PSI names the page and carries no metrics.
    loadingExperience: { initial_url: lhr.requestedUrl },
    lighthouseResult,
    analysisUTCTimestamp: lhr.fetchTime,
  };
}

/** Runs the Lighthouse CLI without blocking, so the page served from this process can answer. */
async function runLighthouse(url) {
  const chrome = chromiumPath();
  if (!chrome) throw new Error('No Chromium found: set CHROMIUM_PATH.');
  const dir = mkdtempSync(join(tmpdir(), 'psi-fixture-'));
  const out = join(dir, 'lhr.json');
  const child = spawn(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      `--chrome-path=${chrome}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      `--only-categories=${CATEGORIES}`,
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`Lighthouse exited with ${status}`);
  const lhr = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return lhr;
}

/** A page with the faults sites typically have, for a fixture full of failing audits. */
const POOR_PAGE = `<!doctype html>
<html>
<head>
<link rel="stylesheet" href="/slow.css">
<script src="/heavy.js"></script>
</head>
<body>
<div class="hero"><img src="/photo.png"></div>
<p class="faint">Welcome to our business. We have the best products in town.</p>
<a href="/more">click here</a>
<button><svg width="16" height="16"><circle cx="8" cy="8" r="6"></circle></svg></button>
<form><input type="text" placeholder="Email"></form>
<script>console.error('Failed to load widget configuration');</script>
</body>
</html>`;

/** A noisy, incompressible PNG that is far larger than it is displayed. */
function heavyPng(width, height) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.from([0]), randomBytes(width * 3));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function servePoorPage() {
  const png = heavyPng(1600, 1200);
  const unused = Array.from({ length: 1500 }, (_, i) => `function unused${i}(a){return a*${i}+1}`);
  const heavyJs = `${unused.join('\n')}\nvar end=Date.now()+450;while(Date.now()<end){}`;
  const css = `.faint{color:#c8c8c8}.hero img{width:100%}${'.x{margin:0}'.repeat(4000)}`;
  const server = createServer((req, res) => {
    const later = (ms, fn) => setTimeout(fn, ms);
    if (req.url === '/slow.css') {
      later(900, () => res.writeHead(200, { 'Content-Type': 'text/css' }).end(css));
    } else if (req.url === '/heavy.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(heavyJs);
    } else if (req.url === '/photo.png') {
      later(600, () => res.writeHead(200, { 'Content-Type': 'image/png' }).end(png));
    } else if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(POOR_PAGE);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<!doctype html><title>404</title>');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

async function main() {
  const args = process.argv.slice(2);
  const poor = args[0] === '--poor';
  const [target, out, origin] = poor
    ? [undefined, args[1], args[2] ?? 'https://www.example.org']
    : [args[0], args[1], args[2] ?? 'https://www.example.com'];
  if ((!poor && !target) || !out) {
    console.error('Usage: make-psi-fixture.mjs <page-url>|--poor <out.json> [origin]');
    process.exit(2);
  }
  const served = poor ? await servePoorPage() : undefined;
  const url = served?.url ?? target;
  try {
    const lhr = await runLighthouse(url);
    const audited = new URL(url).origin;
    const text = JSON.stringify(psiEnvelope(lhr)).replaceAll(audited, origin);
    // Formatted as the repository's `prettier --check` expects.
    const options = (await prettier.resolveConfig(out)) ?? {};
    writeFileSync(out, await prettier.format(text, { ...options, filepath: out }));
    const scores = Object.values(lhr.categories).map((c) => `${c.id} ${Math.round(c.score * 100)}`);
    console.log(`${out}: Lighthouse ${lhr.lighthouseVersion}, ${scores.join(', ')}`);
  } finally {
    served?.server.close();
  }
}

await main();
