import type { User } from '@asl/protocol';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { permissionsFor } from './permissions';

export type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roles: [...row.roles],
    permissions: permissionsFor(row.roles),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** The identifier is an email (contains @) or a username (case-insensitive). */
export async function findUserByIdentifier(db: Db, identifier: string): Promise<UserRow | null> {
  if (identifier.includes('@')) return findUserByEmail(db, identifier);
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${identifier.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return !!row && row.id !== exceptId;
}

/** Postgres unique-violation, from pg or PGlite. */
export function isUniqueViolation(err: unknown): { constraint: string } | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505') return { constraint: String((e as { constraint?: unknown }).constraint ?? '') };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
