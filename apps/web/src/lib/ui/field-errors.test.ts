import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from './field-errors';

describe('fieldErrors', () => {
  it("keeps each field's first problem, and nothing when the parse succeeded", () => {
    const schema = z.object({ name: z.string().min(2, 'too short').regex(/^a/, 'starts with a'), age: z.number() });
    expect(fieldErrors(schema.safeParse({ name: 'b', age: 'x' }))).toEqual({
      name: 'too short',
      age: expect.any(String),
    });
    expect(fieldErrors(schema.safeParse({ name: 'ab', age: 3 }))).toEqual({});
  });
});
