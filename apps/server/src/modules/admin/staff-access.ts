import type { StaffRole } from '@cotacep/shared/staff-roles';
import { canStaffAct } from '@cotacep/shared/staff-roles';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { authSessions } from '../../db/schema/auth-sessions.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { getAuthUser } from '../../plugins/auth-guard.ts';
import { strongFactorExists } from '../second-factors/strong-factors.ts';

export type StaffMember = { id: string; role: StaffRole };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set under `/admin` once the caller is a member of Cotacep's staff (issue 26). */
    staff: StaffMember | null;
  }
}

/**
 * The staff check of every `/admin` request, after `authenticate` (401 for anyone without a token): 403
 * `StaffOnly` for a customer (and for a "view as customer" token), 403 `StaffFactorRequired` for a staff account
 * without an authenticator app or passkey, 401 for a session opened before the account became staff that has
 * outlived a staff session's lifetime. Read from the database on every request: a demotion takes effect at once.
 */
export function createStaffCheck(db: Db, sessionTtlHours: number) {
  return async function requireStaff(request: FastifyRequest): Promise<void> {
    const user = getAuthUser(request);
    if (user.impersonationId) throw new AppError('StaffOnly');
    const [row] = await db
      .select({
        role: users.staffRole,
        strongFactor: strongFactorExists(users.id),
        sessionStartedAt: authSessions.createdAt,
      })
      .from(users)
      .leftJoin(authSessions, eq(authSessions.id, user.sessionId))
      .where(eq(users.id, user.id));
    if (!row?.role) throw new AppError('StaffOnly');
    const startedAt = row.sessionStartedAt?.getTime() ?? 0;
    if (Date.now() - startedAt > sessionTtlHours * 3_600_000) {
      throw new AppError('Unauthorized', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    if (!row.strongFactor) throw new AppError('StaffFactorRequired');
    request.staff = { id: user.id, role: row.role };
  };
}

/** preValidation of every staff action: `support` looks, never acts (403 `StaffActionDenied`). */
export async function requireStaffAction(request: FastifyRequest): Promise<void> {
  if (!canStaffAct(request.staff?.role)) throw new AppError('StaffActionDenied');
}

export function getStaff(request: FastifyRequest): StaffMember {
  if (!request.staff) throw new AppError('StaffOnly');
  return request.staff;
}
