import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** Spec section 3, "Offline data record": key, data, timestamp, kept in a local database. */
export interface OfflineRecord<T = unknown> {
  key: string;
  data: T;
  timestamp: number;
}

export const OFFLINE_DB_NAME = 'signspeak-offline';
export const RECORDS_STORE = 'records';

interface OfflineSchema extends DBSchema {
  records: { key: string; value: OfflineRecord };
}

let dbPromise: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The IndexedDB database (one object store of records keyed by `key`), opened once. */
export function openOfflineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  dbPromise ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(RECORDS_STORE, { keyPath: 'key' });
    },
    terminated() {
      dbPromise = null;
    },
  }).catch((err: unknown) => {
    dbPromise = null;
    throw err;
  });
  return dbPromise;
}

/** Closes the database (tests, and before a version change in another tab). */
export async function closeOfflineDb(): Promise<void> {
  const p = dbPromise;
  dbPromise = null;
  if (p) (await p).close();
}

/** Keys that start with `prefix`, in key order. */
const prefixRange = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

let lastStamp = 0;
/** Strictly increasing timestamps, so "unchanged since I read it" is a timestamp comparison. */
function stamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

export const offlineStore = {
  async get<T>(key: string): Promise<OfflineRecord<T> | undefined> {
    return (await (await openOfflineDb()).get(RECORDS_STORE, key)) as OfflineRecord<T> | undefined;
  },

  async put<T>(key: string, data: T): Promise<OfflineRecord<T>> {
    const record: OfflineRecord<T> = { key, data, timestamp: stamp() };
    await (await openOfflineDb()).put(RECORDS_STORE, record);
    return record;
  },

  /** Reads the record under `key` and writes what `fn` returns, in one transaction. */
  async update<T>(key: string, fn: (current: T | undefined) => T): Promise<OfflineRecord<T>> {
    const tx = (await openOfflineDb()).transaction(RECORDS_STORE, 'readwrite');
    const current = (await tx.store.get(key)) as OfflineRecord<T> | undefined;
    const record: OfflineRecord<T> = { key, data: fn(current?.data), timestamp: stamp() };
    await tx.store.put(record);
    await tx.done;
    return record;
  },

  async list<T>(prefix: string): Promise<OfflineRecord<T>[]> {
    return (await (await openOfflineDb()).getAll(RECORDS_STORE, prefixRange(prefix))) as OfflineRecord<T>[];
  },

  async delete(key: string): Promise<void> {
    await (await openOfflineDb()).delete(RECORDS_STORE, key);
  },

  /** Deletes the record only if nobody rewrote it since it was read (same timestamp). */
  async deleteIfUnchanged(key: string, timestamp: number): Promise<boolean> {
    const tx = (await openOfflineDb()).transaction(RECORDS_STORE, 'readwrite');
    const current = await tx.store.get(key);
    const same = current?.timestamp === timestamp;
    if (same) await tx.store.delete(key);
    await tx.done;
    return same;
  },
};
