import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

describe('OneAtATime', () => {
  it('runs the tasks of one key one after the other, in order, and other keys alongside', async () => {
    const q = new OneAtATime();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await new Promise((r) => setImmediate(r));
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([q.run('a', task('a1')), q.run('a', task('a2')), q.run('a', task('a3'))]);
    expect(results).toEqual(['a1', 'a2', 'a3']);
    expect(log).toEqual(['start a1', 'end a1', 'start a2', 'end a2', 'start a3', 'end a3']);
    expect(most).toBe(1);

    most = 0;
    await Promise.all([q.run('a', task('a')), q.run('b', task('b'))]);
    expect(most).toBe(2);
  });

  it('goes on after a task fails, passes the failure to its caller, and forgets idle keys', async () => {
    const q = new OneAtATime();
    const failed = q.run('k', () => Promise.reject(new Error('wrong password')));
    const next = q.run('k', async () => 'next');
    await expect(failed).rejects.toThrow('wrong password');
    await expect(next).resolves.toBe('next');
    await new Promise((r) => setImmediate(r));
    expect(q.size).toBe(0);
  });
});
