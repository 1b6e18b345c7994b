// The benchmark's build timings (scripts/bench.mjs): the site as it is, and a copy of it with
// generated articles built cold (no cache of any kind: Astro's content store, its optimized
// images, the share images) and then again with the cache a previous build left, as the next
// build on Workers Builds does. Each build reports its phases and the time in its own steps
// (src/integrations/build-timings.ts).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** Astro's cache folder (`cacheDir`): the content store, optimized images, share images. */
const ASTRO_CACHE = join(ROOT, 'node_modules', '.astro');

function countHtml(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}

/**
 * One `astro build` of `root` into `outDir`: wall-clock time, pages and article pages built,
 * time per page and per article, and the build's phases and steps.
 */
export function timeBuild(root, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  const timingsFile = join(tmpdir(), `bench-build-timings-${process.pid}.json`);
  rmSync(timingsFile, { force: true });
  const started = performance.now();
  const result = spawnSync('npx', ['astro', 'build', '--outDir', outDir], {
    cwd: root,
    stdio: 'pipe',
    encoding: 'utf8',
    // A build of 1,000 articles logs well over the 1 MB default.
    maxBuffer: 512 * 1024 * 1024,
    env: { ...process.env, BUILD_TIMINGS: timingsFile },
  });
  const ms = performance.now() - started;
  if (result.status !== 0) {
    throw new Error(
      `astro build in ${root} failed (${result.error?.message ?? `exit ${result.status}`}):\n${`${result.stdout}\n${result.stderr}`.slice(-4000)}`,
    );
  }
  const pages = countHtml(outDir);
  const articles = countHtml(join(outDir, 'articles'));
  const timings = existsSync(timingsFile) ? JSON.parse(readFileSync(timingsFile, 'utf8')) : null;
  rmSync(timingsFile, { force: true });
  return {
    ms: Math.round(ms),
    pages,
    articles,
    msPerPage: +(ms / pages).toFixed(1),
    msPerArticle: +(ms / articles).toFixed(1),
    ...(timings && { phases: timings.phases, steps: timings.steps }),
  };
}

/** A copy of the project with `count` extra articles generated from an existing one. */
export function generatedProject(count) {
  const dir = join(tmpdir(), `bench-gen-${count}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const item of [
    'src',
    'public',
    'functions',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
  ]) {
    cpSync(join(ROOT, item), join(dir, item), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  const source = readFileSync(join(ROOT, 'src/content/articles/server-errors-guide.mdx'), 'utf8');
  for (let i = 1; i <= count; i++) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const text = source
      .replace(/^title: .*$/m, `title: 'Generated benchmark article number ${i}'`)
      .replace(/^seoTitle: .*\n/m, '')
      .replace(
        /^publishDate: .*$/m,
        `publishDate: 2024-${String((i % 12) + 1).padStart(2, '0')}-${day}`,
      )
      .replace(/^tag: .*$/m, '');
    writeFileSync(join(dir, 'src/content/articles', `generated-${i}.mdx`), text);
  }
  return dir;
}

/**
 * The site's build, then for each of `counts` a cold build of that many generated articles
 * (every cache removed first) and a cached one right after it.
 */
export function benchBuilds(counts, log = console.log) {
  const builds = {};
  log('Building the site...');
  builds.site = timeBuild(ROOT, join(tmpdir(), 'bench-dist-site'));
  for (const count of counts) {
    log(`Building with ${count} generated articles, cold and then cached...`);
    const dir = generatedProject(count);
    rmSync(ASTRO_CACHE, { recursive: true, force: true });
    builds[`articles${count} cold`] = timeBuild(dir, join(dir, 'dist'));
    builds[`articles${count} cached`] = timeBuild(dir, join(dir, 'dist'));
    rmSync(dir, { recursive: true, force: true });
  }
  return builds;
}

/** The builds as Markdown tables: times (with `verdict` per build) and each build's phases. */
export function buildsMarkdown(builds, verdict) {
  const lines = [
    '## Builds',
    '',
    '| build | pages | articles | total ms | ms per page | ms per article | budget |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [name, b] of Object.entries(builds)) {
    lines.push(
      `| ${name} | ${b.pages} | ${b.articles} | ${b.ms} | ${b.msPerPage} | ${b.msPerArticle} | ${verdict(name, b)} |`,
    );
  }
  const timed = Object.entries(builds).filter(([, b]) => b.phases);
  if (timed.length) {
    const steps = [...new Set(timed.flatMap(([, b]) => Object.keys(b.steps)))].sort();
    lines.push(
      '',
      'Phases in wall-clock ms (startup: Node and Astro before the configuration is done); steps in ms summed over the pages rendering at once (count).',
      '',
      `| build | startup | content sync | bundling | rendering | after the pages | ${steps.join(' | ')} |`,
      `|---|---|---|---|---|---|${steps.map(() => '---|').join('')}`,
    );
    for (const [name, b] of timed) {
      const p = b.phases;
      const startup = b.ms - p.sync - p.bundle - p.render - p.after;
      const cells = steps.map((s) => (b.steps[s] ? `${b.steps[s].ms} (${b.steps[s].count})` : '-'));
      lines.push(
        `| ${name} | ${startup} | ${p.sync} | ${p.bundle} | ${p.render} | ${p.after} | ${cells.join(' | ')} |`,
      );
    }
  }
  return lines;
}
