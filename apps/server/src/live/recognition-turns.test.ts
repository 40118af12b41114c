import { describe, expect, it } from 'vitest';
import { RecognitionTurns } from './recognition-turns';

describe('RecognitionTurns', () => {
  it('gives one turn per learner and at most perAddress per address, and takes them back', () => {
    const turns = new RecognitionTurns(2);
    expect(turns.take('ann', '10.0.0.1')).toBe(true);
    expect(turns.take('ann', '10.0.0.2')).toBe(false); // her other socket, wherever it is
    expect(turns.take('bob', '10.0.0.1')).toBe(true);
    expect(turns.take('cat', '10.0.0.1')).toBe(false); // the address has its two
    expect(turns.take('cat', '10.0.0.9')).toBe(true); // another address is not held up
    turns.give('ann', '10.0.0.1');
    expect(turns.take('cat', '10.0.0.1')).toBe(false); // cat has a turn already
    expect(turns.take('dan', '10.0.0.1')).toBe(true);
    turns.give('ann', '10.0.0.1'); // given back twice: nothing more to give
    expect(turns.take('eve', '10.0.0.1')).toBe(false);
  });
});
