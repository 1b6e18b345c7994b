/**
 * Time the build spends in its own steps (the share images, the advisor index, the Markdown
 * versions, the search index), summed per step over the build. The pages render several at a
 * time, so a step's sum can exceed the wall-clock time it spans. The build-timings integration
 * reports the sums with the build's phases; the benchmark reads them.
 */

/** A step's total time and how many times it ran. */
export interface StepTiming {
  ms: number;
  count: number;
}

// Kept on globalThis: the pages are rendered from a bundle with its own copy of this module,
// in the same process as the integration that reports them.
const KEY = Symbol.for('site.build-timings');
type Registry = { [KEY]?: Record<string, StepTiming> };

/** The steps timed so far in this process. */
export function stepTimings(): Record<string, StepTiming> {
  const registry = globalThis as Registry;
  registry[KEY] ??= {};
  return registry[KEY];
}

/** Adds `ms` to `step`'s total and `count` (one by default) to its count. */
export function recordStep(step: string, ms: number, count = 1): void {
  const timings = stepTimings();
  const entry = (timings[step] ??= { ms: 0, count: 0 });
  entry.ms += ms;
  entry.count += count;
}

/** Runs `work` and adds the time it took to `step`. */
export async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    recordStep(step, performance.now() - started);
  }
}
