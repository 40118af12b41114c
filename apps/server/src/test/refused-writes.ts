import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Makes the database refuse some writes, as a full disk, a dropped connection or a timeout would:
 * a trigger raising on `op` of `table`'s rows that meet `when` (SQL over `new`). `refuse()` turns
 * it on, `allow()` off; `remove()` cleans up.
 */
export async function refusedWrites(db: Db, on: { op: 'insert' | 'update'; table: string; when: string }) {
  const fn = `refuse_${randomUUID().replaceAll('-', '')}`;
  await db.execute(
    sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`),
  );
  const allow = async () => {
    await db.execute(sql.raw(`drop trigger if exists ${fn} on ${on.table}`));
  };
  return {
    async refuse() {
      await db.execute(
        sql.raw(
          `create trigger ${fn} before ${on.op} on ${on.table} for each row when (${on.when}) execute function ${fn}()`,
        ),
      );
    },
    allow,
    async remove() {
      await allow();
      await db.execute(sql.raw(`drop function ${fn}()`));
    },
  };
}
