import type { AuditEventName } from '@cotacep/shared/audit-events';
import type { Role } from '@cotacep/shared/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { users } from '#server/db/schema/users.ts';
import { createAccount, type TestAccount } from '#server/test/accounts.ts';
import { type AuditContext, type AuditEntry, recordAudit } from '../record.ts';

/**
 * An organization (the owner's own) with one member of every other role, each a signed-in account whose
 * headers name that organization (`X-Organization`), so their key and project calls act on it.
 */
export async function organizationWithRoles(app: FastifyInstance, db: Db) {
  const owner = await createAccount(app, db, { plan: 'pro' });
  const inIt = (account: TestAccount): TestAccount => ({
    ...account,
    headers: { ...account.headers, 'x-organization': owner.organizationId },
  });
  const members = {} as Record<Exclude<Role, 'owner'>, TestAccount>;
  for (const role of ['admin', 'developer', 'billing', 'viewer'] as const) {
    const account = await createAccount(app, db);
    await db
      .insert(organizationMembers)
      .values({ organizationId: owner.organizationId, userId: account.userId, role });
    members[role] = inIt(account);
  }
  return { owner: inIt(owner), ...members };
}

/** A member of Cotacep's staff (no sign-in needed: their entries are written directly). */
export async function staffMember(app: FastifyInstance, db: Db) {
  const account = await createAccount(app, db);
  await db
    .update(users)
    .set({ staffRole: 'staff', firstName: 'Sara', lastName: 'Staff' })
    .where(eq(users.id, account.userId));
  const context: AuditContext = {
    actorType: 'staff',
    actorId: account.userId,
    ip: '198.51.100.7',
    userAgent: 'staff-console',
  };
  return { ...account, context };
}

/** Writes `count` entries of `event` in one organization, as the change's own transactions would. */
export async function writeEntries(
  db: Db,
  context: AuditContext,
  entry: Omit<AuditEntry, 'event'> & { event: AuditEventName },
  count = 1,
) {
  for (let index = 0; index < count; index++) {
    await db.transaction((tx) =>
      recordAudit(tx, context, { ...entry, details: { ...entry.details, index } }),
    );
  }
}
