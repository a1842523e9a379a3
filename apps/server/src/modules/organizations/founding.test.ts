import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema/api-keys.ts';
import { organizationMembers } from '#server/db/schema/organization-members.ts';
import { organizations } from '#server/db/schema/organizations.ts';
import { createAccount, createKey, GATEWAY_TEST_ENV } from '#server/test/accounts.ts';
import { createIdentityTestApp, type IdentityTestApp } from '#server/test/identity-app.ts';
import { deleteAccount } from './founding.ts';
import { joinAs } from './test-support/organization-client.ts';

let test: IdentityTestApp;

beforeAll(async () => {
  test = await createIdentityTestApp(GATEWAY_TEST_ENV);
});
afterAll(() => test.close());

const roleOf = async (organizationId: string, userId: string) =>
  (
    await test.database.db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(
        and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
      )
  )[0]?.role;

describe('deleting an account', () => {
  it('deletes the organizations it was the only member of, with their keys', async () => {
    const alone = await createAccount(test.app, test.database.db);
    const { key } = await createKey(test.app, alone);
    await deleteAccount(test.database.db, alone.userId);
    const db = test.database.db;
    expect(await db.select().from(organizations).where(eq(organizations.id, alone.organizationId))).toEqual(
      [],
    );
    expect(await db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toEqual([]);
  });

  it('keeps an organization others are in, and gives it an Owner when the account was its last', async () => {
    const owner = await createAccount(test.app, test.database.db, { plan: 'pro' });
    const { key } = await createKey(test.app, owner);
    const developer = await joinAs(test, owner, owner.organizationId, 'developer');
    const viewer = await joinAs(test, owner, owner.organizationId, 'viewer');
    await deleteAccount(test.database.db, owner.userId);
    const db = test.database.db;
    expect(await db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toHaveLength(1);
    // The longest-standing member takes over; the others keep their roles.
    expect(await roleOf(owner.organizationId, developer.userId)).toBe('owner');
    expect(await roleOf(owner.organizationId, viewer.userId)).toBe('viewer');
  });
});
