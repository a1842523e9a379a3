import type { BillingCurrency } from '@cotacep/shared/plans';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

/** The name an account's first organization starts with: its founder's name (renamed in its settings). */
export function founderOrganizationName(person: {
  firstName: string;
  lastName: string;
  email: string;
}): string {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

/**
 * Gives a new account its first organization, with the account's own id, and makes it the Owner (decision
 * 033). Call it in the transaction that inserts the user, so no account exists without an organization.
 */
export async function foundOrganization(
  tx: Db,
  founder: { id: string; firstName: string; lastName: string; email: string },
  currency: BillingCurrency = 'BRL',
): Promise<void> {
  await tx
    .insert(organizations)
    .values({ id: founder.id, name: founderOrganizationName(founder), currency })
    .onConflictDoNothing();
  await tx
    .insert(organizationMembers)
    .values({ organizationId: founder.id, userId: founder.id, role: 'owner' })
    .onConflictDoNothing();
}

/**
 * Deletes an account and every organization it is the only member of (their keys, usage and billing go
 * with them); organizations with other members stay, keep their keys, and keep an Owner.
 */
export async function deleteAccount(tx: Db, userId: string): Promise<void> {
  const others = tx
    .select({ organizationId: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(ne(organizationMembers.userId, userId));
  const sole = await tx
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.userId, userId), notInArray(organizationMembers.organizationId, others)),
    );
  if (sole.length > 0)
    await tx.delete(organizations).where(
      inArray(
        organizations.id,
        sole.map((row) => row.id),
      ),
    );
  await handOverOwnership(tx, userId);
  await tx.delete(users).where(eq(users.id, userId));
}

/** Where `userId` is the last Owner and others remain, the longest-standing other member becomes an Owner. */
export async function handOverOwnership(tx: Db, userId: string): Promise<void> {
  const owned = await tx
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.role, 'owner')));
  for (const { id } of owned) {
    const others = await tx
      .select({ userId: organizationMembers.userId, role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, id), ne(organizationMembers.userId, userId)))
      .orderBy(asc(organizationMembers.joinedAt), asc(organizationMembers.userId));
    const heir = others[0];
    if (!heir || others.some((member) => member.role === 'owner')) continue;
    await tx
      .update(organizationMembers)
      .set({ role: 'owner' })
      .where(and(eq(organizationMembers.organizationId, id), eq(organizationMembers.userId, heir.userId)));
  }
}

/**
 * Every account belongs to at least one organization: one left without any (removed, or its organization
 * deleted) gets a new one of its own, with its id when that is free.
 */
export async function ensureOrganization(tx: Db, userId: string): Promise<void> {
  const [membership] = await tx
    .select({ id: organizationMembers.organizationId })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId))
    .limit(1);
  if (membership) return;
  const [person] = await tx.select().from(users).where(eq(users.id, userId));
  if (!person) return;
  const [taken] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, userId));
  if (!taken) return foundOrganization(tx, person);
  const [created] = await tx
    .insert(organizations)
    .values({ name: founderOrganizationName(person) })
    .returning({ id: organizations.id });
  await tx.insert(organizationMembers).values({ organizationId: created!.id, userId, role: 'owner' });
}
