import { describe, expect, it } from 'vitest';
import { MemoryGraceStore, openSuccessor, sealSuccessor } from './refresh-grace';
import { newOpaqueToken } from './tokens';

describe('sealed successors', () => {
  it('open only under the spent token they were sealed with', () => {
    const spent = newOpaqueToken();
    const successor = newOpaqueToken();
    const sealed = sealSuccessor(spent, successor);
    expect(sealed).not.toContain(successor);
    expect(openSuccessor(spent, sealed)).toBe(successor);
    expect(openSuccessor(newOpaqueToken(), sealed)).toBeNull();
    expect(openSuccessor(spent, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openSuccessor(spent, 'garbage')).toBeNull();
  });
});

describe('MemoryGraceStore', () => {
  it('keeps an entry for its window only', async () => {
    let now = 1_000;
    const store = new MemoryGraceStore(() => now);
    await store.put('k', 'v', 5_000);
    expect(await store.get('k', 0)).toBe('v');
    now += 5_000;
    expect(await store.get('k', 0)).toBeNull();
  });

  it('wakes a waiting get when the entry is put, and answers null when nothing comes', async () => {
    const store = new MemoryGraceStore();
    const waiting = store.get('k', 10_000);
    await store.put('k', 'v', 5_000);
    expect(await waiting).toBe('v');
    expect(await store.get('other', 10)).toBeNull();
  });
});
