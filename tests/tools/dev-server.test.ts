/**
 * `npm run dev` end to end: scripts/dev.mjs on free ports serves the site and answers the chat
 * on one origin (by HTTP and in Chromium), and SIGINT stops every process it started (astro,
 * wrangler, workerd).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { afterAll, describe, expect, it } from 'vitest';
import { launchOptions } from '../browser.mjs';
import { shellEnv } from './helpers';
import { freePort } from '../ports';

/** Every process below `pid`, read from /proc (the parent link survives a new process group). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesized command name: state, ppid, ...
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Running, not exited (a zombie waiting to be reaped has exited). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(
    `${what} did not happen within ${ms} ms (${String(last ?? 'no answer')})\n${output}`,
  );
}

let dev: ChildProcess | undefined;
let started: number[] = [];
let output = '';

afterAll(() => {
  // Only when an assertion failed: leave nothing running.
  if (dev?.pid) started.push(dev.pid, ...descendants(dev.pid));
  for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
});

describe.runIf(process.platform === 'linux')('npm run dev', () => {
  it('serves pages and functions on one origin and stops everything on Ctrl-C', async () => {
    const [port, functionsPort, inspectorPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    dev = spawn(
      process.execPath,
      [
        'scripts/dev.mjs',
        '--port',
        String(port),
        '--functions-port',
        String(functionsPort),
        '--inspector-port',
        String(inspectorPort),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: shellEnv() },
    );
    dev.stdout!.on('data', (chunk) => (output += chunk));
    dev.stderr!.on('data', (chunk) => (output += chunk));
    const origin = `http://localhost:${port}`;

    const home = await until(
      'the home page',
      async () => {
        const res = await fetch(`${origin}/`);
        return res.ok ? res.text() : undefined;
      },
      60_000,
    );
    expect(home).toContain('<html');

    const reply = await until(
      'a chat answer on the same origin',
      async () => {
        const res = await fetch(`${origin}/api/chat`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            messages: [{ role: 'user', content: 'What does the discovery workshop cost?' }],
          }),
        });
        return res.status === 200 ? ((await res.json()) as { content: string }) : undefined;
      },
      60_000,
    );
    // The built-in advisor answered from the index the dev script copied from Astro.
    expect(reply.content).toMatch(/\$750/);

    // In a browser the islands load from the dev server (React Fast Refresh needs its
    // preamble) and the chat answers through the same origin.
    const browser = await chromium.launch(launchOptions());
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/`);
      await page.getByRole('link', { name: 'Chat with our AI advisor' }).click();
      const dialog = page.getByRole('dialog', { name: 'AI Advisor' });
      await dialog
        .getByRole('textbox', { name: 'Your question' })
        .fill('What does the discovery workshop cost?');
      await dialog.getByRole('textbox', { name: 'Your question' }).press('Enter');
      await dialog.getByText('$750').first().waitFor({ timeout: 20_000 });
    } finally {
      await browser.close();
    }

    started = descendants(dev.pid!);
    const commands = started.map(commandOf).join('\n');
    expect(commands).toContain('astro');
    expect(commands).toContain('wrangler');
    expect(commands).toContain('workerd');

    const exited = new Promise<number | null>((resolve) => dev!.once('exit', resolve));
    dev.kill('SIGINT');
    expect(await exited, output).toBe(0);
    const survivors = await until(
      'every child to exit',
      async () => {
        const left = started.filter(alive);
        return left.length === 0 ? left : undefined;
      },
      10_000,
    ).catch(() => started.filter(alive));
    expect(survivors.map(commandOf)).toEqual([]);
  }, 150_000);
});
