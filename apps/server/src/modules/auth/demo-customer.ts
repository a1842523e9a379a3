import { userCredentials } from '../../db/schema/user-credentials.ts';
import { users } from '../../db/schema/users.ts';
import type { DemoSeedStep } from '../../seed/demo.ts';
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
    await db
      .insert(userCredentials)
      .values({ userId: DEMO_CUSTOMER.id, passwordHash: await hashPassword(DEMO_CUSTOMER.password) })
      .onConflictDoNothing();
  },
};
