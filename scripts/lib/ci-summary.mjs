// Reads what a failed `npm test` left behind (its console log, Vitest's and Playwright's JSON
// reports) and lists the failing files and fields as short markdown for the pull request's job
// summary. Pure functions; scripts/ci-summary.mjs reads the files.
import { relative } from 'node:path';

/** At most this many entries per section; the rest are counted. */
const MAX_ITEMS = 25;

const ANSI = /\u001b\[[0-9;]*m/g;
export const stripAnsi = (text) => text.replace(ANSI, '');

/** The gist of an error message: its first lines, without the stack. */
const gist = (text, lines = 3) =>
  stripAnsi(text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
    .slice(0, lines)
    .join(' · ');

/** The line of `file` in a stack trace, if the trace passes through it. */
function lineInStack(stack, file) {
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}:(\\d+):\\d+`).exec(stripAnsi(stack ?? ''));
  return match ? Number(match[1]) : null;
}

const inline = (text) => `\`${text.replace(/`/g, "'")}\``;

function relativePath(path, root) {
  if (!root || !path.startsWith('/')) return path;
  return relative(root, path) || path;
}

/**
 * Content entries the build rejected: Astro's InvalidContentEntryDataError (and any other
 * error of the content layer), as `{file, fields: [{field, message}], error}`.
 */
export function contentErrors(log, root) {
  const lines = stripAnsi(log).split('\n');
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    const header = /^\s*\[(\w+)\] (.*)$/.exec(lines[i]);
    if (!header || !/Content|Collection|Frontmatter|Yaml|MDX|Markdown/i.test(header[1])) continue;
    /** @type {{ error: string, summary: string, file: string | null, fields: { field: string, message: string }[] }} */
    const entry = { error: header[1], summary: header[2], file: null, fields: [] };
    let j = i + 1;
    for (
      ;
      j < lines.length && !/^\s*(Hint|Error reference|Location|Stack trace):/.test(lines[j]);
      j++
    ) {
      const text = lines[j].trim().replace(/\*\*/g, '');
      const issue = /^([^:\s]*): (.*)$/.exec(text);
      if (!issue) continue;
      const field = issue[1] || '(frontmatter)';
      const message = issue[2].startsWith(`${issue[1]}: `)
        ? issue[2].slice(issue[1].length + 2)
        : issue[2];
      entry.fields.push({ field, message });
    }
    for (; j < lines.length && j < i + 40; j++) {
      if (/^\s*Location:/.test(lines[j])) {
        entry.file = relativePath(lines[j + 1].trim().replace(/:\d+:\d+$/, ''), root);
        break;
      }
    }
    found.push(entry);
    i = j;
  }
  return found;
}

/** Files `prettier --check` found unformatted. */
export function unformattedFiles(log) {
  return stripAnsi(log)
    .split('\n')
    .map((line) => /^\[warn\] (\S.*)$/.exec(line.trim())?.[1])
    .filter((file) => file && !/^Code style issues/.test(file));
}

/**
 * Words `npm run spell` (cspell) does not know.
 *
 * @returns {{ file: string, line: number, column: number, word: string, suggestions: string[] }[]}
 */
export function spellingIssues(log, root) {
  return stripAnsi(log)
    .split('\n')
    .map((line) =>
      /^(\S+):(\d+):(\d+) - (?:Unknown|Forbidden) word \(([^)]+)\)(?:.*?Suggestions: \[([^\]]*)\])?/.exec(
        line.trim(),
      ),
    )
    .filter(Boolean)
    .map(([, file, line, column, word, suggestions]) => ({
      file: relativePath(file, root),
      line: Number(line),
      column: Number(column),
      word,
      suggestions: (suggestions ?? '')
        .split(',')
        .map((s) => s.trim().replace(/\*$/, ''))
        .filter(Boolean)
        .slice(0, 3),
    }));
}

/** Type errors from `astro check`: `{file, line, column, code, message}`. */
export function typeErrors(log, root) {
  return stripAnsi(log)
    .split('\n')
    .map((line) =>
      /^(\S+):(\d+):(\d+) - error (ts\(\d+\)|[\w-]+\(\d+\))?:? ?(.*)$/.exec(line.trim()),
    )
    .filter(Boolean)
    .map(([, file, line, column, code, message]) => ({
      file: relativePath(file, root),
      line: Number(line),
      column: Number(column),
      code: code ?? '',
      message: message.trim(),
    }));
}

/** Failed tests from Vitest's JSON reporter: `{file, test, message}` (test null: the file failed). */
export function vitestFailures(report, root) {
  const failures = [];
  for (const file of report?.testResults ?? []) {
    const name = relativePath(file.name, root);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failed) {
      failures.push({
        file: name,
        line: test.location?.line ?? lineInStack(test.failureMessages?.[0], file.name),
        test: test.fullName ?? test.title,
        message: gist(test.failureMessages?.[0], 1),
      });
    }
    if (file.status === 'failed' && failed.length === 0) {
      failures.push({ file: name, line: null, test: null, message: gist(file.message, 1) });
    }
  }
  return failures;
}

/** Failed tests from Playwright's JSON reporter: `{file, line, test, message}`. */
export function playwrightFailures(report, root) {
  const testDir = report?.config?.rootDir ?? '';
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.findLast((r) => r.status !== 'passed') ?? {};
        const file = relativePath(testDir ? `${testDir}/${spec.file}` : spec.file, root);
        failures.push({
          file,
          line: spec.line ?? null,
          test: [...titles, spec.title].join(' › '),
          message: gist(result.error?.message ?? result.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  for (const error of report?.errors ?? []) {
    failures.push({ file: '(run)', line: null, test: null, message: gist(error.message, 1) });
  }
  return failures;
}

function section(title, items) {
  if (items.length === 0) return '';
  const shown = items.slice(0, MAX_ITEMS);
  const more = items.length - shown.length;
  return [`### ${title}`, '', ...shown, ...(more > 0 ? [`- …and ${more} more`] : []), ''].join(
    '\n',
  );
}

const clip = (text, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The job summary: one section per kind of failure, each entry naming the file (and line,
 * field or test). Empty input gives a note that no details were found.
 *
 * @param {{log?: string, vitest?: object, playwright?: object, root?: string}} input
 */
export function summarize({ log = '', vitest, playwright, root }) {
  const content = contentErrors(log, root).flatMap(({ file, fields, summary }) =>
    fields.length
      ? fields.map(
          ({ field, message }) => `- ${inline(file ?? '?')}: ${inline(field)}: ${clip(message)}`,
        )
      : [`- ${inline(file ?? '?')}: ${clip(summary)}`],
  );
  const types = typeErrors(log, root).map(
    ({ file, line, column, code, message }) =>
      `- ${inline(`${file}:${line}:${column}`)}: ${clip(message)}${code ? ` (${code})` : ''}`,
  );
  const format = unformattedFiles(log).map(
    (file) => `- ${inline(file)}: not formatted (run \`npm run format\`)`,
  );
  const spelling = spellingIssues(log, root).map(
    ({ file, line, column, word, suggestions }) =>
      `- ${inline(`${file}:${line}:${column}`)}: ${inline(word)}` +
      (suggestions.length ? ` (perhaps ${suggestions.map(inline).join(', ')})` : ''),
  );
  const entry = ({ file, line, test, message }) =>
    `- ${inline(line ? `${file}:${line}` : file)}${test ? ` › ${test}` : ''}${message ? `: ${clip(message)}` : ''}`;
  const unit = vitestFailures(vitest, root).map(entry);
  const e2e = playwrightFailures(playwright, root).map(entry);

  const body = [
    section('Content the build rejected', content),
    section('Type errors (astro check)', types),
    section('Formatting (prettier)', format),
    section('Spelling (US English; add real terms to cspell-words.txt)', spelling),
    section('Failed unit, function and database tests (Vitest)', unit),
    section('Failed end-to-end tests (Playwright)', e2e),
  ].filter(Boolean);
  const heading = '## Why the check failed';
  if (body.length === 0) {
    return `${heading}\n\nNo failing file was found in the reports; see the step's log.\n`;
  }
  return `${heading}\n\n${body.join('\n')}`;
}
