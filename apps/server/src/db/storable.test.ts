import { describe, expect, it } from 'vitest';
import { storableReal } from './storable';

describe('storableReal', () => {
  it('turns values too close to 0 for a float4 into 0 and keeps the rest', () => {
    for (const tiny of [1e-46, 1e-300, 5e-324, 1e-39, -1e-40]) expect(storableReal(tiny)).toBe(0);
    for (const kept of [0, 1, 0.5, 1.2e-38, 1e-20]) expect(storableReal(kept)).toBe(kept);
  });
});
