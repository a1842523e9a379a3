import type {
  AdminCustomer,
  AdminCustomerList,
  AdminCustomerListQuery,
  adminCustomerListQuerySchema,
  ClosureList,
  CustomerStatus,
  StaffMemberList,
} from '@cotacep/shared/admin-schemas';
import { LIVE_SUBSCRIPTION_STATUSES } from '@cotacep/shared/billing-schemas';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { billingDetails } from '../../db/schema/billing-details.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { organizationMembers } from '../../db/schema/organization-members.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { accountClosures } from '../../db/schema/privacy-requests.ts';
import { projects } from '../../db/schema/projects.ts';
import { quotaGrants } from '../../db/schema/staff.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findCurrentSubscription } from '../billing/subscription-state.ts';
import { strongFactorExists } from '../second-factors/strong-factors.ts';
import { grantPeriod, qualified as q } from '../usage/quota-grants.ts';
import { getQuota, overQuotaCondition, quotaColumns, toQuota } from './quota.ts';

type ListQuery = z.output<typeof adminCustomerListQuerySchema>;

/** The text of a `LIKE` pattern that matches `text` literally: `%`, `_` and `\` lose their meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A CPF or CNPJ as stored or typed, letters and digits only (punctuation varies). */
const taxDigits = (column: AnyColumn) =>
  sql`regexp_replace(coalesce(${q(column)}, ''), '[^0-9A-Za-z]', '', 'g')`;

export function statusOf(organization: {
  suspendedAt: Date | null;
  keysStoppedAt: Date | null;
}): CustomerStatus {
  if (organization.suspendedAt) return 'suspended';
  if (organization.keysStoppedAt) return 'closing';
  return 'active';
}

/** What `q` matches: the organization's name or id, a member's name, e-mail or CPF/CNPJ, billing details, a key's prefix. */
function searchCondition(term: string): SQL {
  const contains = `%${escapeLike(term)}%`;
  const compactTax = term.replace(/[^0-9A-Za-z]/g, '');
  const byTax = compactTax.length >= 3 && /\d/.test(compactTax) ? `%${escapeLike(compactTax)}%` : null;
  const person = or(
    sql`${q(users.email)} ilike ${contains} escape '\\'`,
    sql`(${q(users.firstName)} || ' ' || ${q(users.lastName)}) ilike ${contains} escape '\\'`,
    byTax ? sql`${taxDigits(users.taxId)} ilike ${byTax} escape '\\'` : undefined,
    UUID.test(term) ? sql`${q(users.id)} = ${term}` : undefined,
  );
  const members = sql`exists (select 1 from ${organizationMembers} inner join ${users} on ${q(users.id)} = ${q(organizationMembers.userId)} where ${q(organizationMembers.organizationId)} = ${q(organizations.id)} and ${person})`;
  const billing = sql`exists (select 1 from ${billingDetails} where ${q(billingDetails.organizationId)} = ${q(organizations.id)} and (${q(billingDetails.legalName)} ilike ${contains} escape '\\'${byTax ? sql` or ${taxDigits(billingDetails.taxId)} ilike ${byTax} escape '\\'` : sql``}))`;
  // A key's prefix as shown (`ck_pub_3fQk`), or a whole secret pasted, which starts with its prefix.
  const startsWith = `${escapeLike(term)}%`;
  const prefix = q(apiKeys.secretPrefix);
  const keys = sql`exists (select 1 from ${apiKeys} where ${q(apiKeys.organizationId)} = ${q(organizations.id)} and (${prefix} ilike ${startsWith} escape '\\' or ${term} like replace(replace(replace(${prefix}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' escape '\\'))`;
  return or(
    sql`${q(organizations.name)} ilike ${contains} escape '\\'`,
    UUID.test(term) ? eq(organizations.id, term) : undefined,
    members,
    billing,
    keys,
  ) as SQL;
}

function listConditions(query: ListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.plan) conditions.push(eq(organizations.plan, query.plan));
  if (query.status === 'suspended') conditions.push(isNotNull(organizations.suspendedAt));
  if (query.status === 'closing')
    conditions.push(and(isNull(organizations.suspendedAt), isNotNull(organizations.keysStoppedAt)));
  if (query.status === 'active')
    conditions.push(and(isNull(organizations.suspendedAt), isNull(organizations.keysStoppedAt)));
  if (query.createdFrom) conditions.push(gte(organizations.createdAt, new Date(query.createdFrom)));
  if (query.createdTo) conditions.push(lt(organizations.createdAt, new Date(query.createdTo)));
  if (query.overQuota === true) conditions.push(overQuotaCondition());
  return and(...conditions);
}

type Person = { userId: string; name: string; email: string };

const personName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

async function ownersOf(db: Db, organizationIds: string[]): Promise<Map<string, Person[]>> {
  const owners = new Map<string, Person[]>();
  if (organizationIds.length === 0) return owners;
  const rows = await db
    .select({
      organizationId: organizationMembers.organizationId,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(
      and(
        inArray(organizationMembers.organizationId, organizationIds),
        eq(organizationMembers.role, 'owner'),
      ),
    )
    .orderBy(asc(organizationMembers.joinedAt));
  for (const row of rows) {
    const list = owners.get(row.organizationId) ?? [];
    list.push({ userId: row.userId, name: personName(row), email: row.email });
    owners.set(row.organizationId, list);
  }
  return owners;
}

/** GET /admin/customers: organizations, newest first, one page. */
export async function searchCustomers(db: Db, query: ListQuery): Promise<AdminCustomerList> {
  const where = listConditions(query);
  const period = grantPeriod();
  const { base, granted, used } = quotaColumns(period);
  const memberCount = sql<string>`(select count(*) from ${organizationMembers} where ${q(organizationMembers.organizationId)} = ${q(organizations.id)})`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        plan: organizations.plan,
        createdAt: organizations.createdAt,
        suspendedAt: organizations.suspendedAt,
        keysStoppedAt: organizations.keysStoppedAt,
        memberCount,
        base,
        granted,
        used,
      })
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(organizations).where(where),
  ]);
  const owners = await ownersOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      plan: row.plan,
      status: statusOf(row),
      createdAt: row.createdAt.toISOString(),
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      owners: owners.get(row.id) ?? [],
      memberCount: Number(row.memberCount),
      quota: toQuota(period, Number(row.base), Number(row.granted), Number(row.used)),
    })),
    page: query.page,
    limit: query.limit,
    total: Number(total?.total ?? 0),
  };
}

export type { AdminCustomerListQuery };

/** The organization, or 404 `OrganizationNotFound`. */
export async function findOrganization(db: Db, organizationId: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new AppError('OrganizationNotFound');
  return row;
}

const INVOICES_SHOWN = 50;

/** GET /admin/customers/:organizationId: everything the customer page shows, but the usage chart and trail. */
export async function getCustomer(db: Db, organizationId: string): Promise<AdminCustomer> {
  const organization = await findOrganization(db, organizationId);
  const period = grantPeriod();
  const [members, subscription, keys, invoiceRows, grants, quota] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: organizationMembers.role,
        joinedAt: organizationMembers.joinedAt,
        emailConfirmedAt: users.emailConfirmedAt,
        taxId: users.taxId,
        strongFactor: strongFactorExists(users.id),
        closureRequestedAt: sql<Date | null>`(select max(${accountClosures.requestedAt}) from ${accountClosures} where ${accountClosures.userId} = ${users.id} and ${accountClosures.cancelledAt} is null and ${accountClosures.completedAt} is null)`,
      })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, organizationId))
      .orderBy(asc(organizationMembers.joinedAt), asc(users.id)),
    findCurrentSubscription(db, organizationId),
    db
      .select({ key: apiKeys, projectName: projects.name })
      .from(apiKeys)
      .innerJoin(projects, eq(projects.id, apiKeys.projectId))
      .where(eq(apiKeys.organizationId, organizationId))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id)),
    db
      .select()
      .from(invoices)
      .where(eq(invoices.organizationId, organizationId))
      .orderBy(desc(invoices.createdAt))
      .limit(INVOICES_SHOWN),
    db
      .select({
        grant: quotaGrants,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(quotaGrants)
      .leftJoin(users, eq(users.id, quotaGrants.grantedBy))
      .where(and(eq(quotaGrants.organizationId, organizationId), eq(quotaGrants.period, period)))
      .orderBy(desc(quotaGrants.createdAt)),
    getQuota(db, organizationId, period),
  ]);
  const memberIds = members.map((member) => member.userId);
  const otherMemberships =
    memberIds.length === 0
      ? []
      : await db
          .select({
            userId: organizationMembers.userId,
            id: organizations.id,
            name: organizations.name,
            role: organizationMembers.role,
          })
          .from(organizationMembers)
          .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
          .where(
            and(
              inArray(organizationMembers.userId, memberIds),
              ne(organizationMembers.organizationId, organizationId),
            ),
          )
          .orderBy(asc(organizations.name), asc(organizations.id));
  const sessions =
    memberIds.length === 0
      ? []
      : await db
          .select({ session: authSessions, email: users.email })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(
            and(
              inArray(authSessions.userId, memberIds),
              isNull(authSessions.revokedAt),
              gt(authSessions.expiresAt, new Date()),
            ),
          )
          .orderBy(desc(authSessions.lastUsedAt))
          .limit(200);
  return {
    organization: {
      id: organization.id,
      name: organization.name,
      plan: organization.plan,
      currency: organization.currency,
      status: statusOf(organization),
      createdAt: organization.createdAt.toISOString(),
      suspendedAt: organization.suspendedAt?.toISOString() ?? null,
      suspensionReason: organization.suspensionReason,
      keysStoppedAt: organization.keysStoppedAt?.toISOString() ?? null,
      requireTwoFactor: organization.requireTwoFactor,
    },
    members: members.map((member) => ({
      userId: member.userId,
      firstName: member.firstName,
      lastName: member.lastName,
      email: member.email,
      role: member.role,
      joinedAt: member.joinedAt.toISOString(),
      emailConfirmed: member.emailConfirmedAt !== null,
      strongFactor: Boolean(member.strongFactor),
      taxId: member.taxId,
      closureRequestedAt: member.closureRequestedAt
        ? new Date(member.closureRequestedAt).toISOString()
        : null,
      otherOrganizations: otherMemberships
        .filter((membership) => membership.userId === member.userId)
        .map(({ id, name, role }) => ({ id, name, role })),
    })),
    subscription: subscription
      ? {
          id: subscription.id,
          plan: subscription.planId,
          cycle: subscription.cycle,
          currency: subscription.currency,
          status: subscription.status,
          currentPeriodStart: subscription.currentPeriodStart.toISOString(),
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          endedAt: subscription.endedAt?.toISOString() ?? null,
        }
      : null,
    keys: keys.map(({ key, projectName }) => toAdminKey(key, projectName)),
    invoices: invoiceRows.map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      amount: invoice.amount,
      currency: invoice.currency,
      plan: invoice.planId,
      createdAt: invoice.createdAt.toISOString(),
      paidAt: invoice.paidAt?.toISOString() ?? null,
    })),
    sessions: sessions.map(({ session, email }) => ({
      id: session.id,
      userId: session.userId,
      email,
      method: session.method,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      userAgent: session.userAgent,
      ip: session.ip,
    })),
    quota,
    grants: grants.map((row) => toAdminGrant(row.grant, row)),
  };
}

export function toAdminKey(key: typeof apiKeys.$inferSelect, projectName: string) {
  return {
    id: key.id,
    description: key.description,
    projectId: key.projectId,
    projectName,
    kind: key.kind,
    enabled: key.enabled,
    allowedOrigins: key.allowedOrigins,
    prefix: key.secretPrefix,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}

export function toAdminGrant(
  grant: typeof quotaGrants.$inferSelect,
  grantor: { firstName: string | null; lastName: string | null; email: string | null } | null,
) {
  return {
    id: grant.id,
    period: grant.period,
    extraRequests: grant.extraRequests,
    reason: grant.reason,
    grantedBy:
      grant.grantedBy && grantor?.email
        ? {
            userId: grant.grantedBy,
            name: personName({
              firstName: grantor.firstName ?? '',
              lastName: grantor.lastName ?? '',
              email: grantor.email,
            }),
            email: grantor.email,
          }
        : null,
    createdAt: grant.createdAt.toISOString(),
  };
}

/** The organization's live paid subscription, if any: it decides the plan, so staff may not. */
export async function findLiveSubscription(db: Db, organizationId: string) {
  const [row] = await db
    .select({ id: subscriptions.id, planId: subscriptions.planId, status: subscriptions.status })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        isNull(subscriptions.endedAt),
        inArray(subscriptions.status, LIVE_SUBSCRIPTION_STATUSES),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** GET /admin/closures: pending account closures, the soonest anonymised first. */
export async function listClosures(db: Db, page: number, limit: number): Promise<ClosureList> {
  const pending = and(isNull(accountClosures.cancelledAt), isNull(accountClosures.completedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        closure: accountClosures,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(accountClosures)
      .innerJoin(users, eq(users.id, accountClosures.userId))
      .where(pending)
      .orderBy(asc(accountClosures.anonymiseAfter), asc(accountClosures.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(accountClosures).where(pending),
  ]);
  return {
    items: rows.map(({ closure, ...person }) => ({
      id: closure.id,
      user: { userId: closure.userId, name: personName(person), email: person.email },
      requestedAt: closure.requestedAt.toISOString(),
      anonymiseAfter: closure.anonymiseAfter.toISOString(),
      stoppedOrganizationIds: closure.stoppedOrganizationIds,
    })),
    page,
    limit,
    total: Number(total?.total ?? 0),
  };
}

/** GET /admin/staff: Cotacep's people, for the staff-activity filter. */
export async function listStaff(db: Db): Promise<StaffMemberList> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.staffRole,
    })
    .from(users)
    .where(isNotNull(users.staffRole))
    .orderBy(asc(users.email));
  return {
    items: rows.flatMap((row) =>
      row.role ? [{ userId: row.userId, name: personName(row), email: row.email, role: row.role }] : [],
    ),
  };
}
