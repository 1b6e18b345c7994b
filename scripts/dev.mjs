// `npm run dev`: the site with hot reload and its functions on one origin.
//
//   browser ──> astro dev (:4321) ──/api/*──> wrangler dev (:8787, workerd: the Worker)
//                                                └─ ASSETS ──> .wrangler/dev-assets/
//
// Astro's dev server is the origin, so hot reload works as usual; its Vite proxy (see
// astro.config.mjs, DEV_FUNCTIONS_URL) forwards /api to the functions running in workerd, the
// runtime production uses. The chat route reads /advisor-index.json through the ASSETS binding;
// wrangler serves that binding from a directory, so this script copies the index from
// the Astro dev server into that directory at start and again whenever content changes.
// (wrangler's proxy mode, which would send ASSETS to the dev server instead, is deprecated.)
//
// Options: --port (site, 4321), --functions-port (8787), --inspector-port (9230).
// Ctrl-C or SIGTERM stops every process started here, workerd included.
import { spawn } from 'node:child_process';
import { mkdirSync, watch, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEV_PORTS, previewUrl } from './lib/dev-defaults.mjs';
import { OFFLINE_ENV, workerDevArgs } from './lib/worker-dev.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let values;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string', default: String(DEV_PORTS.site) },
      'functions-port': { type: 'string', default: String(DEV_PORTS.functions) },
      'inspector-port': { type: 'string', default: String(DEV_PORTS.inspector) },
    },
  }));
} catch (err) {
  console.error(`dev: ${err.message}`);
  process.exit(1);
}
function port(name) {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    console.error(`dev: --${name} takes a port number (1-65535), not "${values[name]}"`);
    process.exit(1);
  }
  return value;
}
const sitePort = port('port');
const functionsPort = port('functions-port');
const inspectorPort = port('inspector-port');
const siteUrl = previewUrl('', sitePort);
const functionsUrl = `http://127.0.0.1:${functionsPort}`;
const assetsDir = join(root, '.wrangler', 'dev-assets');
/** How long children get to exit after a signal before they and their descendants are killed. */
const GRACE_MS = 5000;

mkdirSync(assetsDir, { recursive: true });

const children = [];
let stopping = false;
let watcher;
let pending;

/** Starts a Node CLI from node_modules in its own process group, so it can be stopped whole. */
function start(name, script, args, env = {}) {
  const child = spawn(process.execPath, [join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.label = name;
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`dev: ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    void stop(1);
  });
  children.push(child);
  return child;
}

/** Sends a signal to a child's whole process group; quiet when it is already gone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

async function stop(code) {
  if (stopping) return;
  stopping = true;
  watcher?.close();
  for (const child of children) signalGroup(child, 'SIGINT');
  const timer = setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, GRACE_MS);
  await Promise.all(children.map((child) => child.exited));
  // A runtime that outlived its parent (workerd under wrangler) is still in the group.
  for (const child of children) signalGroup(child, 'SIGKILL');
  clearTimeout(timer);
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Resolves once `url` answers at all (any status), or when stopping. */
async function waitFor(url) {
  while (!stopping) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(30_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Copies the advisor index the Astro dev server renders into the functions' asset directory. */
async function syncAdvisorIndex() {
  try {
    const res = await fetch(`${siteUrl}/advisor-index.json`);
    if (!res.ok) throw new Error(`status ${res.status}`);
    writeFileSync(join(assetsDir, 'advisor-index.json'), await res.text());
  } catch (err) {
    console.error(`dev: could not refresh the chat advisor's index (${err.message})`);
  }
}

start('astro', 'node_modules/astro/bin/astro.mjs', ['dev', '--port', String(sitePort)], {
  DEV_FUNCTIONS_URL: functionsUrl,
});
start(
  'wrangler',
  'node_modules/wrangler/bin/wrangler.js',
  workerDevArgs({
    port: functionsPort,
    assets: assetsDir,
    inspectorPort,
    vars: { ENVIRONMENT: 'development' },
  }),
  OFFLINE_ENV,
);

await waitFor(`${siteUrl}/`);
await syncAdvisorIndex();
// The chat function keeps the index it loaded until wrangler reloads the functions.
watcher = watch(join(root, 'src', 'content'), { recursive: true }, () => {
  clearTimeout(pending);
  pending = setTimeout(syncAdvisorIndex, 300);
});
await waitFor(`${functionsUrl}/`);
if (!stopping) {
  console.log(`\n  Site and functions: ${siteUrl}/  (Ctrl-C stops both)\n`);
}
