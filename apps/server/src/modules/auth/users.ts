import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { type User, users } from '../../db/schema/users.ts';

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

export async function getPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select().from(userCredentials).where(eq(userCredentials.userId, userId));
  return row?.passwordHash ?? null;
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  const now = new Date();
  await db
    .insert(userCredentials)
    .values({ userId, passwordHash, updatedAt: now })
    .onConflictDoUpdate({ target: userCredentials.userId, set: { passwordHash, updatedAt: now } });
}

/** PostgreSQL's unique_violation, whether the driver error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    value && typeof value === 'object' && 'code' in value ? (value as { code: unknown }).code : undefined;
  const cause = error && typeof error === 'object' && 'cause' in error ? error.cause : undefined;
  return codeOf(error) === '23505' || codeOf(cause) === '23505';
}
