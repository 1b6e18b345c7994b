import { describe, expect, it } from 'vitest';
import { parseDeadLetters } from '../../src/features/admin/dead-letters';

describe('dead letters in the inbox', () => {
  it('reads who the lead came from out of the kept message', () => {
    const payload = JSON.stringify({
      id: 'x',
      lead: { kind: 'chat', email: 'a@example.org', name: 'Ada' },
    });
    const [letter] = parseDeadLetters([
      { id: 'd1', failed_at: '2026-11-25T10:00:00Z', error: 'refused', payload },
    ]);
    expect(letter).toMatchObject({
      id: 'd1',
      email: 'a@example.org',
      name: 'Ada',
      error: 'refused',
    });
    expect(letter.details).toContain('\n  "lead": {');
  });

  it('keeps a message it cannot read as it is, and leaves out rows that do not fit', () => {
    const letters = parseDeadLetters([
      { id: 'd2', failed_at: 't', error: 'e', payload: '{not json' },
      { id: 3, payload: '{}' },
      null,
    ]);
    expect(letters).toEqual([
      { id: 'd2', failedAt: 't', error: 'e', email: null, name: null, details: '{not json' },
    ]);
    expect(parseDeadLetters('nope')).toEqual([]);
  });
});
