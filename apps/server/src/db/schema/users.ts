import type { MfaMethod, SecondFactorMethod } from '@cotacep/shared/auth-fields';
import type { Language } from '@cotacep/shared/languages';
import type { StaffRole } from '@cotacep/shared/staff-roles';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './timestamps.ts';

/** A customer of the portal. E-mails are stored trimmed and lower-cased, so uniqueness is exact. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** Set when the e-mail was proven by a code (or by a social provider); login needs it. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** A new e-mail waiting for its code; `email` changes only once it is verified. */
    pendingEmail: text('pending_email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Verified E.164 number; a new one waits in `pendingPhone` until its SMS code is entered. */
    phone: text('phone'),
    pendingPhone: text('pending_phone'),
    taxId: text('tax_id'),
    locale: text('locale').notNull().default('pt-BR'),
    timezone: text('timezone').notNull().default('America/Sao_Paulo'),
    language: text('language').$type<Language>().notNull().default('pt-BR'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaMethod: text('mfa_method').$type<MfaMethod>().notNull().default('email'),
    /** The second factor used at the last sign-in: the challenge screen opens with it (issue 25). */
    lastSecondFactor: text('last_second_factor').$type<SecondFactorMethod>(),
    /** Cotacep's own people (issue 26): `staff` acts, `support` only looks; set by `npm run staff:create`. */
    staffRole: text('staff_role').$type<StaffRole>(),
    /** Set when a closed account's personal data was anonymised (issue 26); it can no longer sign in. */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

export type User = typeof users.$inferSelect;

/** The owning account's id: its rows go when the account is deleted. */
export const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
