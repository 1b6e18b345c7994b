/**
 * Captures what the Worker writes to the console during a test, for tests that read its log:
 * every line parsed as the JSON object src/server/log.ts writes.
 */
import { vi } from 'vitest';

export interface LogLine {
  level: string;
  event: string;
  requestId: string;
  [field: string]: unknown;
}

export interface CapturedLog {
  /** Every line written, raw, in order. */
  raw(): string[];
  /** Every line parsed as JSON (a line that is not JSON throws). */
  lines(): LogLine[];
  /** The event names, in order. */
  events(): string[];
}

/** Silences console.log, warn and error and records what they are given. */
export function captureLog(): CapturedLog {
  const raw: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      raw.push(args.map(String).join(' '));
    });
  }
  const lines = () => raw.map((text) => JSON.parse(text) as LogLine);
  return { raw: () => [...raw], lines, events: () => lines().map((l) => l.event) };
}
