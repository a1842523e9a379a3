import { ORGANIZATION_HEADER } from '@cotacep/shared/constants';
import type { PlanId } from '@cotacep/shared/plans';
import { can, type Permission, type Role } from '@cotacep/shared/roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { getAuthUser } from './auth-guard.ts';

/** The organization a portal request acts on, and the caller's role in it. */
export type CurrentOrganization = { id: string; role: Role; plan: PlanId };

/** The little the guard needs of organizations (built by `organizations/organization-access.ts`). */
export type OrganizationAccess = {
  /** The user's membership in `organizationId`, or in their default organization when it is null. */
  findMembership(
    userId: string,
    organizationId: string | null,
  ): Promise<(CurrentOrganization & { requireTwoFactor: boolean; suspended?: boolean }) | null>;
  /** An authenticator app or a passkey (issue 25): what an organization can require of its members. */
  hasStrongFactor(userId: string): Promise<boolean>;
};

/**
 * What a route may let through before the member has the second factor the organization requires: leaving
 * it, say. Anything else of that organization waits for the enrolment.
 */
type CheckOptions = { allowBeforeEnrolment?: (request: FastifyRequest) => boolean };

/** Where the organization's id comes from: the `X-Organization` header, or the route's `:id` parameter. */
type Source = 'header' | 'path';

/** What a route's `requirePermission` hook checks, so the OpenAPI document can say it. */
export type PermissionCheck = { permission: Permission; source: Source };
const checks = new WeakMap<object, PermissionCheck>();

/** The check among a route's preValidation hooks (as declared), or null for a route that acts on no organization. */
export function permissionCheckOf(route: { preValidation?: unknown }): PermissionCheck | null {
  const handlers: unknown[] = Array.isArray(route.preValidation)
    ? route.preValidation
    : [route.preValidation];
  for (const handler of handlers) {
    const check = typeof handler === 'function' ? checks.get(handler) : undefined;
    if (check) return check;
  }
  return null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requirePermission` once the caller is a member allowed to do what the route does. */
    organization: CurrentOrganization | null;
  }
  interface FastifyInstance {
    /**
     * preValidation hook of every route that acts on an organization: the one check of issue 24. 404 when the
     * caller is not a member (never saying the organization exists), 403 PermissionDenied when the role does not
     * allow it. Before validation, so someone without the permission learns nothing from the body's errors.
     * When the organization requires two-factor and the member has no strong factor, 403
     * TwoFactorEnrolmentRequired comes first (issue 25). A member of an organization staff suspended gets 403
     * OrganizationSuspended before anything else (issue 26).
     */
    requirePermission(
      permission: Permission,
      source?: Source,
      options?: CheckOptions,
    ): (request: FastifyRequest) => Promise<void>;
  }
}

const idSchema = z.uuid();

function requestedId(request: FastifyRequest, source: Source): string | null {
  if (source === 'path') return (request.params as { id?: string }).id ?? null;
  const header = request.headers[ORGANIZATION_HEADER];
  return typeof header === 'string' && header !== '' ? header : null;
}

/** The organization `requirePermission` admitted the request to. */
export function getOrganization(request: FastifyRequest): CurrentOrganization {
  if (!request.organization) throw new AppError('OrganizationNotFound');
  return request.organization;
}

/**
 * Reads the membership on every request, from the database: a removed member or a lowered role is refused
 * on their next request, on every instance, with nothing to invalidate.
 */
export const organizationGuard = fp(
  async (app: FastifyInstance, options: { access: OrganizationAccess }) => {
    app.decorateRequest('organization', null);
    app.decorate(
      'requirePermission',
      (permission: Permission, source: Source = 'header', checkOptions?: CheckOptions) => {
        const check = async (request: FastifyRequest) => {
          const user = getAuthUser(request);
          const id = requestedId(request, source);
          if (id !== null && !idSchema.safeParse(id).success) throw new AppError('OrganizationNotFound');
          const found = await options.access.findMembership(user.id, id);
          if (!found) throw new AppError('OrganizationNotFound');
          const { requireTwoFactor, suspended, ...membership } = found;
          // Suspended by staff (issue 26): members learn why, and nothing of it can be used or changed.
          if (suspended) throw new AppError('OrganizationSuspended');
          if (
            requireTwoFactor &&
            !checkOptions?.allowBeforeEnrolment?.(request) &&
            !(await options.access.hasStrongFactor(user.id))
          )
            throw new AppError('TwoFactorEnrolmentRequired');
          if (!can(membership.role, permission)) throw new AppError('PermissionDenied');
          request.organization = membership;
        };
        checks.set(check, { permission, source });
        return check;
      },
    );
  },
  { name: 'organization-guard', dependencies: ['auth-guard'] },
);
