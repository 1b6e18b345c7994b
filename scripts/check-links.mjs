// `npm run check:links`: checks the outside addresses in src/content (frontmatter sources, FAQ
// and consultants' links, links in article and page bodies) and reports each failure with its
// file, line and status; exits 1 when a link is broken. It needs the network, so it is not part
// of `npm test`; the workflow runs it weekly and on pull requests that change content.
//
// Exit codes: 0 no broken link, 1 broken links, 2 the check could not run (bad option, content
// that does not parse, no network).
//
// Options: --concurrency 8 --per-host 2 --timeout 15 (seconds) --retries 2
//          --max-age 24h (reuse good results younger than this; e.g. 30m, 12h, 7d)
//          --no-cache, --cache .cache/links.json, and files or folders to check instead of
//          src/content.
import {
  appendFileSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { importSiteModule } from './lib/content-schema.mjs';
import { DEFAULTS, checkLinks } from './lib/link-crawler.mjs';
import { extractLinks, isReservedHost } from './lib/link-extract.mjs';

const root = process.env.SITE_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_VERSION = 1;

function fail(message) {
  console.error(`check:links: ${message}`);
  process.exit(2);
}

/** Parses 30m, 12h, 7d or plain seconds into milliseconds. */
function duration(text) {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|h|d)?$/.exec(text.trim());
  if (!match) fail(`--max-age takes a duration such as 12h or 7d, not "${text}"`);
  const unit = { s: 1e3, m: 60e3, h: 3600e3, d: 86400e3 }[match[2] ?? 's'];
  return Number(match[1]) * unit;
}

function positiveInt(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) fail(`--${name} takes a whole number, not "${text}"`);
  return value;
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      concurrency: { type: 'string', default: String(DEFAULTS.concurrency) },
      'per-host': { type: 'string', default: String(DEFAULTS.perHost) },
      timeout: { type: 'string', default: String(DEFAULTS.timeoutMs / 1000) },
      retries: { type: 'string', default: String(DEFAULTS.retries) },
      'max-age': { type: 'string', default: '24h' },
      cache: { type: 'string', default: '.cache/links.json' },
      'no-cache': { type: 'boolean', default: false },
    },
  });
} catch (err) {
  fail(err.message);
}
const { values, positionals } = parsed;

/** Content files under the given paths (default src/content). */
function contentFiles(paths) {
  const files = [];
  for (const path of paths.length ? paths : ['src/content']) {
    const full = resolve(root, path);
    const entries = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true }).map((entry) => join(full, entry))
      : [full];
    files.push(...entries.filter((file) => /\.(mdx?|ya?ml|json)$/.test(file)));
  }
  return files.sort();
}

function loadCache(path) {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8'));
    if (data.version !== CACHE_VERSION) return new Map();
    return new Map(Object.entries(data.links));
  } catch {
    return new Map();
  }
}

function saveCache(path, cache, maxAgeMs) {
  const now = Date.now();
  const kept = [...cache].filter(([, r]) => r.verdict === 'ok' && now - r.checkedAt < maxAgeMs);
  mkdirSync(dirname(path), { recursive: true });
  const links = Object.fromEntries(kept.map(([url, { fromCache: _fromCache, ...r }]) => [url, r]));
  writeFileSync(path, `${JSON.stringify({ version: CACHE_VERSION, links }, null, 2)}\n`);
}

function explain(result) {
  if (result.status === null) return result.error ?? 'no answer';
  const reasons = {
    401: 'needs a login',
    403: 'refused the checker',
    404: 'not found',
    410: 'gone',
    429: 'rate limited',
    999: 'refused the checker',
  };
  return `HTTP ${result.status}${reasons[result.status] ? ` ${reasons[result.status]}` : ''}`;
}

const locations = new Map();
let skipped = 0;
for (const file of contentFiles(positionals)) {
  const rel = relative(root, file);
  let links;
  try {
    links = extractLinks(readFileSync(file, 'utf8'), rel);
  } catch (err) {
    fail(err.message);
  }
  for (const link of links) {
    if (isReservedHost(link.url)) {
      skipped++;
      continue;
    }
    locations.set(link.url, [...(locations.get(link.url) ?? []), link]);
  }
}

const { site } = await importSiteModule(root, 'src/site.config.ts');
const { default: astroConfig } = await importSiteModule(root, 'astro.config.mjs');
const userAgent = `Mozilla/5.0 (compatible; ${site.name} link checker; +${astroConfig.site})`;
const maxAgeMs = duration(values['max-age']);
const cachePath = resolve(root, values.cache);
const cache = values['no-cache'] ? null : loadCache(cachePath);

console.log(
  `Checking ${locations.size} outside addresses in ${positionals.join(', ') || 'src/content'}` +
    (skipped ? ` (${skipped} example addresses skipped)` : '') +
    '…',
);
const results = await checkLinks([...locations.keys()], {
  userAgent,
  cache,
  concurrency: positiveInt('concurrency', values.concurrency) || 1,
  perHost: positiveInt('per-host', values['per-host']) || 1,
  timeoutMs: positiveInt('timeout', values.timeout) * 1000,
  retries: positiveInt('retries', values.retries),
  maxAgeMs,
});
if (cache) saveCache(cachePath, cache, maxAgeMs);

const fresh = [...results.values()].filter((r) => !r.fromCache);
if (fresh.length >= 3 && fresh.every((r) => r.status === null)) {
  console.error(
    `\nNo outside address answered (${fresh.length} tried): the network looks unreachable, so no link is reported broken.`,
  );
  process.exit(2);
}
const github = process.env.GITHUB_ACTIONS === 'true';
const rows = [];
for (const [url, result] of results) {
  for (const { file, line } of locations.get(url)) {
    if (result.verdict !== 'ok') rows.push({ file, line, url, result, level: result.verdict });
    else if (result.movedTo) rows.push({ file, line, url, result, level: 'moved' });
  }
}
rows.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
for (const { file, line, url, result, level } of rows) {
  const label = { broken: 'broken', unverified: 'unverified', moved: 'moved' }[level];
  const detail = level === 'moved' ? `moved permanently to ${result.movedTo}` : explain(result);
  console.log(`${file}:${line}  ${label}  ${detail}  ${url}`);
  if (github) {
    const kind = level === 'broken' ? 'error' : 'warning';
    console.log(`::${kind} file=${file},line=${line},title=Link ${label}::${detail}: ${url}`);
  }
}
if (process.env.GITHUB_STEP_SUMMARY && rows.length) {
  const lines = rows.map(({ file, line, url, result, level }) => {
    const detail = level === 'moved' ? `moved to ${result.movedTo}` : explain(result);
    return `- \`${file}:${line}\` ${level}: ${detail}: ${url}`;
  });
  appendFileSync(process.env.GITHUB_STEP_SUMMARY, `## Outside links\n\n${lines.join('\n')}\n`);
}
const count = (verdict) => [...results.values()].filter((r) => r.verdict === verdict).length;
const cached = [...results.values()].filter((r) => r.fromCache).length;
console.log(
  `\n${results.size} addresses: ${count('ok')} ok${cached ? ` (${cached} from the cache)` : ''}, ` +
    `${count('broken')} broken, ${count('unverified')} unverified (the site refused the checker).`,
);
process.exit(count('broken') > 0 ? 1 : 0);
