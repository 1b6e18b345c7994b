// Tools only the benchmark and the PSI fixture script use. They stay out of the project's
// dependencies, so `npm install` and `npm test` never fetch them; the first run that needs them
// installs these exact versions into node_modules/.cache/bench-tools, and later runs reuse it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const BENCH_TOOLS = {
  autocannon: '9.0.0',
  'chrome-launcher': '1.2.1',
  lighthouse: '13.5.0',
};

const ROOT = resolve(import.meta.dirname, '..');
export const BENCH_TOOLS_DIR = join(ROOT, 'node_modules/.cache/bench-tools');

function installed() {
  try {
    const pkg = JSON.parse(readFileSync(join(BENCH_TOOLS_DIR, 'package.json'), 'utf8'));
    return Object.entries(BENCH_TOOLS).every(
      ([name, version]) =>
        pkg.dependencies?.[name] === version &&
        existsSync(join(BENCH_TOOLS_DIR, 'node_modules', name, 'package.json')),
    );
  } catch {
    return false;
  }
}

/** Installs the tools when missing or at other versions; returns the folder they live in. */
export function ensureBenchTools() {
  if (installed()) return BENCH_TOOLS_DIR;
  console.log(`Installing the benchmark's tools into ${BENCH_TOOLS_DIR}...`);
  mkdirSync(BENCH_TOOLS_DIR, { recursive: true });
  writeFileSync(
    join(BENCH_TOOLS_DIR, 'package.json'),
    `${JSON.stringify({ private: true, type: 'module', dependencies: BENCH_TOOLS }, null, 2)}\n`,
  );
  // The entry file resolves the tools from this folder, whoever imports it.
  writeFileSync(
    join(BENCH_TOOLS_DIR, 'index.js'),
    [
      "export { default as autocannon } from 'autocannon';",
      "export { launch } from 'chrome-launcher';",
      "export { default as lighthouse } from 'lighthouse';",
      '',
    ].join('\n'),
  );
  const result = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel', 'error'],
    { cwd: BENCH_TOOLS_DIR, stdio: 'inherit', shell: process.platform === 'win32' },
  );
  if (result.status !== 0) throw new Error('Installing the benchmark tools failed.');
  return BENCH_TOOLS_DIR;
}

/** `{ autocannon, launch, lighthouse }`, installed first when needed. */
export async function benchTools() {
  const dir = ensureBenchTools();
  return import(pathToFileURL(join(dir, 'index.js')).href);
}

/** Path of a file inside one of the installed tools, e.g. Lighthouse's CLI. */
export function benchToolFile(name, file) {
  return join(ensureBenchTools(), 'node_modules', name, file);
}
