import { organizationMembers } from '../../db/schema/organization-members.ts';
import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import type { DemoSeedStep } from '../../seed/demo.ts';
import { foundOrganization } from '../organizations/founding.ts';
import { hashPassword } from './passwords.ts';

/** The demo customer's sign-in, given in the README. A fixed id lets other demo steps attach data to it. */
export const DEMO_CUSTOMER = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'demo@cotacep.dev',
  password: 'cotacep-demo',
} as const;

export const demoCustomerStep: DemoSeedStep = {
  name: 'demo customer',
  async run(db) {
    await db
      .insert(users)
      .values({
        id: DEMO_CUSTOMER.id,
        email: DEMO_CUSTOMER.email,
        emailConfirmedAt: new Date(),
        firstName: 'Demo',
        lastName: 'Cotacep',
      })
      .onConflictDoNothing();
    await foundOrganization(db, {
      id: DEMO_CUSTOMER.id,
      firstName: 'Demo',
      lastName: 'Cotacep',
      email: DEMO_CUSTOMER.email,
    });
    await db
      .insert(userCredentials)
      .values({ userId: DEMO_CUSTOMER.id, passwordHash: await hashPassword(DEMO_CUSTOMER.password) })
      .onConflictDoNothing();
  },
};

/** A second member of the demo organization, a Viewer, so organizations and roles show on first start. */
export const DEMO_VIEWER = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'viewer@cotacep.dev',
  password: 'cotacep-demo',
} as const;

/**
 * The Viewer belongs to the demo organization only (no organization of its own), so signing in lands in the
 * demo's keys, projects and usage, read-only. Runs after the demo customer step.
 */
export const demoViewerStep: DemoSeedStep = {
  name: 'demo viewer',
  async run(db) {
    await db
      .insert(users)
      .values({
        id: DEMO_VIEWER.id,
        email: DEMO_VIEWER.email,
        emailConfirmedAt: new Date(),
        firstName: 'Vera',
        lastName: 'Lima',
      })
      .onConflictDoNothing();
    await db
      .insert(organizationMembers)
      .values({ organizationId: DEMO_CUSTOMER.id, userId: DEMO_VIEWER.id, role: 'viewer' })
      .onConflictDoNothing();
    await db
      .insert(userCredentials)
      .values({ userId: DEMO_VIEWER.id, passwordHash: await hashPassword(DEMO_VIEWER.password) })
      .onConflictDoNothing();
  },
};
