import { describe, expect, it } from 'vitest';
import { learnerPseudonym } from './export-reports';

const SECRET = 'a'.repeat(48);

describe('learnerPseudonym', () => {
  it('names a learner the same in every export made with the same secret', () => {
    const id = '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f';
    expect(learnerPseudonym(SECRET, id)).toMatch(/^learner [0-9a-f]{10}$/);
    expect(learnerPseudonym(SECRET, id)).toBe(learnerPseudonym(SECRET, id));
    expect(learnerPseudonym(SECRET, id)).not.toContain(id.slice(0, 8));
  });

  it('tells learners apart, and needs the secret to be linked to an account', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect(new Set(ids.map((id) => learnerPseudonym(SECRET, id))).size).toBe(200);
    expect(learnerPseudonym('b'.repeat(48), ids[0]!)).not.toBe(learnerPseudonym(SECRET, ids[0]!));
  });
});
