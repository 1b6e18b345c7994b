/** The build's step timings: sums per step, kept across module copies on globalThis. */
import { describe, expect, it } from 'vitest';
import { recordStep, stepTimings, timed } from '../../src/lib/build-timings';

describe('build step timings', () => {
  it('sums time and counts per step, failed runs included', async () => {
    const step = `test step ${Math.random()}`;
    expect(await timed(step, async () => 'done')).toBe('done');
    await expect(
      timed(step, async () => {
        throw new Error('failed');
      }),
    ).rejects.toThrow('failed');
    recordStep(step, 5, 3);
    const timing = stepTimings()[step];
    expect(timing.count).toBe(5);
    expect(timing.ms).toBeGreaterThanOrEqual(5);
  });

  it('keeps one record per process, whichever copy of the module records', () => {
    const step = `shared step ${Math.random()}`;
    recordStep(step, 1);
    const registry = (globalThis as Record<symbol, unknown>)[Symbol.for('site.build-timings')];
    expect((registry as Record<string, unknown>)[step]).toEqual({ ms: 1, count: 1 });
  });
});
