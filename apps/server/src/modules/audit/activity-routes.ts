import {
  type AuditActorType,
  type AuditEventName,
  PERSONAL_AUDIT_EVENTS,
  STAFF_AUDIT_EVENTS,
} from '@cotacep/shared/audit-events';
import {
  ACTIVITY_EXPORT_MAX,
  type ActivityQuery,
  activityExportSchema,
  activityPageSchema,
  activityQuerySchema,
} from '@cotacep/shared/audit-schemas';
import { organizationIdParamsSchema } from '@cotacep/shared/organization-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { requestLanguage } from '../../lib/language.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { getOrganization } from '../../plugins/organization-guard.ts';
import { activityCsv, activityFileName, activityJson } from './activity-export.ts';
import { type ActivityFilter, collectActivity, listActivity } from './activity-query.ts';

/** What a person sees of their own entries: their sign-ins and factors, and what staff did about them. */
const ACCOUNT_EVENTS: readonly AuditEventName[] = [...PERSONAL_AUDIT_EVENTS, ...STAFF_AUDIT_EVENTS];

/** A customer filters by a member's (or key's) id, or by everything staff or the product did. */
function actorFilter(actor: ActivityQuery['actor']): Pick<ActivityFilter, 'actorType' | 'actorId'> {
  if (actor === undefined) return {};
  if (actor === 'staff' || actor === 'system') return { actorType: actor };
  // Never a staff member's id: customers cannot tell which staff member acted.
  const types: AuditActorType[] = ['user', 'api_key'];
  return { actorType: types, actorId: actor };
}

function filterOf(query: ActivityQuery, appName: string) {
  return {
    ...actorFilter(query.actor),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    revealStaff: false,
    staffLabel: appName,
  };
}

/** A page as JSON; with `format=csv` the download is CSV, with `format=json` a JSON file of the entries. */
const ACTIVITY_RESPONSES = {
  200: {
    content: {
      'application/json': { schema: z.union([activityPageSchema, activityExportSchema]) },
      'text/csv': { schema: z.string() },
    },
  },
} as const;

/** `format=csv|json`: every entry the filters select as a file, no paging. */
async function sendExport(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  filter: Omit<ActivityFilter, 'cursor' | 'limit'>,
  file: { format: 'csv' | 'json'; owner: string; organizationId: string | null },
) {
  const now = Date.now();
  const { entries, truncated } = await collectActivity(db, filter, ACTIVITY_EXPORT_MAX);
  const isCsv = file.format === 'csv';
  const body = isCsv
    ? activityCsv(entries, requestLanguage(request))
    : activityJson(entries, { organizationId: file.organizationId, truncated, now });
  return reply
    .type(isCsv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${activityFileName(file.owner, file.format, now)}"`)
    .send(body);
}

/**
 * The activity views (issue 26): `<API_URL>/account/activity`, the signed-in person's own, and
 * `<API_URL>/organizations/:id/activity`, an organization's for its Owners and Admins (`activity.read`).
 * Customers never learn which member of staff acted: staff show as the app's name, with no id or address.
 */
export const activityRoutes: FastifyPluginAsyncZod<{ db: Db; appName: string }> = async (
  app,
  { db, appName },
) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/account/activity',
    {
      schema: {
        tags: ['Account'],
        summary: 'My recent activity: sign-ins, security changes and staff actions on my account',
        description:
          'Newest first, paged with `cursor` (the previous page’s `nextCursor`). `format=csv` or `json` ' +
          'downloads every entry the filters select instead of a page.',
        querystring: activityQuerySchema,
        response: ACTIVITY_RESPONSES,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const userId = getAuthUser(request).id;
      const events = query.event ? ACCOUNT_EVENTS.filter((event) => event === query.event) : ACCOUNT_EVENTS;
      const filter = { ...filterOf(query, appName), userId, events };
      if (query.format) {
        return sendExport(db, request, reply, filter, {
          format: query.format,
          owner: 'account',
          organizationId: null,
        });
      }
      return listActivity(db, { ...filter, cursor: query.cursor, limit: query.limit });
    },
  );

  app.get(
    '/organizations/:id/activity',
    {
      preValidation: app.requirePermission('activity.read', 'path'),
      schema: {
        tags: ['Organizations'],
        summary: 'The organization’s activity (audit log), or its download',
        description:
          'Every change to the organization’s tokens, projects, members, invitations, settings and plan, ' +
          'with who made it. Newest first, paged with `cursor` (the previous page’s `nextCursor`). ' +
          `\`format=csv\` or \`json\` downloads every entry the filters select (at most ${ACTIVITY_EXPORT_MAX.toLocaleString('en')}, the newest) ` +
          'instead of a page.',
        params: organizationIdParamsSchema,
        querystring: activityQuerySchema,
        response: ACTIVITY_RESPONSES,
      },
    },
    async (request, reply) => {
      const { query } = request;
      const organizationId = getOrganization(request).id;
      const filter = {
        ...filterOf(query, appName),
        organizationId,
        ...(query.event ? { events: [query.event] } : {}),
      };
      if (query.format) {
        const [organization] = await db
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        return sendExport(db, request, reply, filter, {
          format: query.format,
          owner: organization?.name ?? organizationId,
          organizationId,
        });
      }
      return listActivity(db, { ...filter, cursor: query.cursor, limit: query.limit });
    },
  );
};
