import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../src/lib/format';

describe('formatLongDate', () => {
  it('writes a date-only value as the day it names, whatever the machine zone', () => {
    expect(formatLongDate(new Date('2024-03-01'))).toBe('March 1, 2024');
    expect(formatLongDate(new Date('2025-12-31T23:30:00Z'))).toBe('December 31, 2025');
  });
});
