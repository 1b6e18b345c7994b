/**
 * The W3C Nu HTML Checker (vnu-jar) over a folder of built pages: every error with its page,
 * line and message. It runs on Java 11 or newer; without Java it fails saying so.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative } from 'node:path';

const require = createRequire(import.meta.url);
const VNU_JAR: string = String(require('vnu-jar'));

export interface HtmlError {
  page: string;
  line: number | undefined;
  message: string;
  extract: string | undefined;
}

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Validates every .html file under `dir`; resolves to the errors found (none when valid). */
export function validateHtml(dir: string): HtmlError[] {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'The HTML validator needs Java 11 or newer on PATH (Debian: apt-get install default-jre-headless).',
    );
  }
  const run = spawnSync(
    'java',
    ['-jar', VNU_JAR, '--errors-only', '--skip-non-html', '--format', 'json', dir],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // vnu writes its JSON report to stderr and exits 1 when it found errors.
  const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  // Pages carry their stylesheet inline, and the checker's CSS validator predates what Tailwind
  // writes (@property, margin-trim in @supports, custom properties in transitions): the HTML is
  // checked, the generated CSS is Tailwind's (tests/build/styles.test.ts checks it covers the
  // markup).
  return messages
    .filter((m) => !m.message.startsWith('CSS: '))
    .map((m) => ({
      page: relative(dir, decodeURIComponent(new URL(m.url).pathname)),
      line: m.lastLine,
      message: m.message,
      extract: m.extract,
    }));
}
