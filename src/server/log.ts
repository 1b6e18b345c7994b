/**
 * The Worker's log: every line is one JSON object with its `level`, a stable dotted `event` name
 * (README, "Logs") and the `requestId` of the request, queue batch or cron run it belongs to, so
 * Workers Logs and `wrangler tail` can filter on any of them. The rest of a line is ids, counts,
 * statuses and short reasons: never what a visitor wrote, an address, a name or a key. As a
 * safety net for reasons taken from upstream errors, strings are cut to 300 characters and
 * anything shaped like an email address, a bearer token or a key parameter is masked.
 *
 * The id lives in an AsyncLocalStorage scope the router, the queue handler and the Cron Trigger
 * open (`withRequestId`), so code deep in a feature logs with it without passing it along.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { isDevelopment, type Env } from './env';

export type LogLevel = 'info' | 'warn' | 'error';

/** What a line says besides its level, event and id. An Error becomes `Name: message`. */
export type LogFields = Record<string, unknown> & {
  level?: never;
  event?: never;
  requestId?: never;
};

export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

const MAX_TEXT = 300;
const scope = new AsyncLocalStorage<string>();

/** The request's id: Cloudflare's `cf-ray` when present and well formed, else a new one. */
export function requestIdFor(request: Request): string {
  const ray = request.headers.get('cf-ray')?.trim() ?? '';
  return /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
}

/** A new id for work no request started: `queue-…` for a batch, `cron-…` for a scheduled run. */
export const newRunId = (kind: 'queue' | 'cron') => `${kind}-${crypto.randomUUID()}`;

/** Runs `work` with `id` as the requestId of every line it logs, awaited work included. */
export function withRequestId<T>(id: string, work: () => T): T {
  return scope.run(id, work);
}

/** The id of the work running now; `none` outside any scope (module load, a test's own call). */
export function currentRequestId(): string {
  return scope.getStore() ?? 'none';
}

/** Masks what must never reach a log, and cuts long text. */
export function scrub(text: string): string {
  return text
    .replace(/[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/gi, '[email]')
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]')
    .replace(/\b([\w-]*(?:key|token|secret|password)[\w-]*)=[^&\s"']+/gi, '$1=[redacted]')
    .slice(0, MAX_TEXT);
}

function value(v: unknown): unknown {
  if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') return v;
  if (typeof v === 'string') return scrub(v);
  if (v instanceof Error) return scrub(`${v.name}: ${v.message}`);
  try {
    return scrub(JSON.stringify(v) ?? typeof v);
  } catch {
    return typeof v;
  }
}

function line(level: LogLevel, event: string, requestId: string, fields: LogFields = {}): string {
  const out: Record<string, unknown> = { level, event, requestId };
  for (const [key, v] of Object.entries(fields)) {
    if (!(key in out)) out[key] = value(v);
  }
  return JSON.stringify(out);
}

function write(level: LogLevel, text: string): void {
  // Workers Logs takes the level from the console method as well.
  // eslint-disable-next-line no-console -- the one place the Worker writes its log
  (level === 'error' ? console.error : level === 'warn' ? console.warn : console.log)(text);
}

function logger(id: () => string): Logger {
  const at = (level: LogLevel) => (event: string, fields?: LogFields) =>
    write(level, line(level, event, id(), fields));
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** The log, with the id of whatever work is running when a line is written. */
export const log: Logger = logger(currentRequestId);

/**
 * A log bound to the id of the work running now, for callbacks the runtime calls later outside
 * its scope (a streamed answer's `pull`).
 */
export function boundLog(): Logger {
  const id = currentRequestId();
  return logger(() => id);
}

/**
 * Development only: a line that holds text production never logs (a lead with no database or
 * email to go to, so the developer can read it). Writes nothing outside development.
 */
export function developmentLog(env: Env, event: string, text: string): void {
  if (!isDevelopment(env)) return;
  write('info', JSON.stringify({ level: 'info', event, requestId: currentRequestId(), text }));
}
