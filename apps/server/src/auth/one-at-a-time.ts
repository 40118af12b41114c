/**
 * Runs tasks one at a time per key, in the order they arrive (in this process). The password checks
 * of one identifier go through it, so a burst of concurrent guesses cannot all pass the "how many
 * failures so far?" check before any failure is recorded: each guess sees the ones before it.
 */
export class OneAtATime {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // the last in line removes the key: the map holds only keys with a task waiting or running
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with a task waiting or running (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
