import type { ApiKey, CreateKeyRequest, KeyWithSecret, UpdateKeyRequest } from '@cotacep/shared/key-schemas';
import type { Language } from '@cotacep/shared/languages';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ApiKeyRow, apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { lockAccount } from '../projects/account-lock.ts';
import { ensureDefaultProject } from '../projects/service.ts';
import { generateSecret } from './secrets.ts';
import { toApiKey } from './to-api-key.ts';

const keyWithProject = {
  key: apiKeys,
  projectName: projects.name,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

/** What the audit log says of a key: never its secret or hash, only what the key list shows. */
function keyDetails(key: Pick<ApiKeyRow, 'description' | 'secretPrefix' | 'kind' | 'projectId'>) {
  return { name: key.description, prefix: key.secretPrefix, kind: key.kind, projectId: key.projectId };
}

/** The key with this id, if it belongs to this account (another account's key is not found either). */
const isOwnKey = (organizationId: string, id: string) =>
  and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId));

export async function listKeys(db: Db, organizationId: string, projectId?: string): Promise<ApiKey[]> {
  const rows = await db
    .select(keyWithProject)
    .from(apiKeys)
    .innerJoin(projects, eq(projects.id, apiKeys.projectId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        projectId ? eq(apiKeys.projectId, projectId) : undefined,
      ),
    )
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((row) => toApiKey(row.key, row.projectName, row.createdBy));
}

export async function getKey(db: Db, organizationId: string, id: string): Promise<ApiKey> {
  const [row] = await db
    .select(keyWithProject)
    .from(apiKeys)
    .innerJoin(projects, eq(projects.id, apiKeys.projectId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(isOwnKey(organizationId, id));
  if (!row) throw new AppError('ApiKeyNotFound');
  return toApiKey(row.key, row.projectName, row.createdBy);
}

/** The account's own project, or ProjectNotFound (another account's project is not found either). */
async function ownProject(tx: Db, organizationId: string, projectId: string) {
  const [project] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.organizationId, organizationId)));
  if (!project) throw new AppError('ProjectNotFound');
  return project;
}

export async function createKey(
  db: Db,
  organizationId: string,
  input: CreateKeyRequest,
  options: { maxKeys: number; language: Language; createdBy: string | null; context: AuditContext },
): Promise<KeyWithSecret> {
  const { secret, hash, prefix } = generateSecret(input.kind);
  const id = await db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    const [existing] = await tx
      .select({ total: count() })
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, organizationId));
    if ((existing?.total ?? 0) >= options.maxKeys) {
      throw new AppError('KeyLimitReached', { limit: options.maxKeys });
    }
    const project = input.projectId
      ? await ownProject(tx, organizationId, input.projectId)
      : await ensureDefaultProject(tx, organizationId, options.language, options.context);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        organizationId,
        createdBy: options.createdBy,
        projectId: project.id,
        description: input.description,
        kind: input.kind,
        enabled: input.enabled,
        allowedOrigins: input.allowedOrigins,
        secretHash: hash,
        secretPrefix: prefix,
      })
      .returning();
    await recordAudit(tx, options.context, {
      event: 'key.created',
      organizationId,
      target: { type: 'key', id: created!.id },
      details: keyDetails(created!),
    });
    return created!.id;
  });
  return { key: await getKey(db, organizationId, id), secret };
}

/** The fields of a change that differ from the stored key, by name (`allowedOrigins` as a set of entries). */
function changedFields(stored: ApiKeyRow, input: UpdateKeyRequest): string[] {
  const changed: string[] = [];
  if (input.description !== undefined && input.description !== stored.description)
    changed.push('description');
  if (input.projectId !== undefined && input.projectId !== stored.projectId) changed.push('projectId');
  if (
    input.allowedOrigins !== undefined &&
    input.allowedOrigins.join('\n') !== stored.allowedOrigins.join('\n')
  ) {
    changed.push('allowedOrigins');
  }
  return changed;
}

/**
 * Changes the fields sent. The audit log gets `key.enabled` / `key.disabled` when the switch moved and
 * `key.updated` (naming the fields) when anything else did; sending what is already there records nothing.
 */
export async function updateKey(
  db: Db,
  organizationId: string,
  id: string,
  input: UpdateKeyRequest,
  context: AuditContext,
): Promise<ApiKey> {
  await db.transaction(async (tx) => {
    const [stored] = await tx.select().from(apiKeys).where(isOwnKey(organizationId, id)).for('update');
    if (!stored) throw new AppError('ApiKeyNotFound');
    // The secret's prefix names the kind; a key of the other kind is a new key.
    if (input.kind && stored.kind !== input.kind) throw new AppError('KeyKindImmutable');
    if (input.projectId) await ownProject(tx, organizationId, input.projectId);
    const [row] = await tx
      .update(apiKeys)
      .set({ ...input, updatedAt: new Date() })
      .where(isOwnKey(organizationId, id))
      .returning();
    if (!row) throw new AppError('ApiKeyNotFound');
    const target = { type: 'key', id };
    const changed = changedFields(stored, input);
    if (changed.length > 0) {
      const details = { ...keyDetails(row), changed: changed.join(',') };
      await recordAudit(tx, context, { event: 'key.updated', organizationId, target, details });
    }
    if (input.enabled !== undefined && input.enabled !== stored.enabled) {
      const event = input.enabled ? 'key.enabled' : 'key.disabled';
      await recordAudit(tx, context, { event, organizationId, target, details: keyDetails(row) });
    }
  });
  return getKey(db, organizationId, id);
}

export async function deleteKey(
  db: Db,
  organizationId: string,
  id: string,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(apiKeys).where(isOwnKey(organizationId, id)).returning();
    if (!row) throw new AppError('ApiKeyNotFound');
    await recordAudit(tx, context, {
      event: 'key.deleted',
      organizationId,
      target: { type: 'key', id },
      details: keyDetails(row),
    });
  });
}

/**
 * A new secret for the key. With a grace period the replaced secret keeps working until it ends; a
 * secret replaced earlier and still in its grace stops at once (only one previous secret is kept).
 */
export async function rotateKey(
  db: Db,
  organizationId: string,
  id: string,
  graceSeconds: number,
  context: AuditContext,
): Promise<KeyWithSecret> {
  const current = await getKey(db, organizationId, id);
  const { secret, hash, prefix } = generateSecret(current.kind);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(isOwnKey(organizationId, id)).for('update');
    if (!row) throw new AppError('ApiKeyNotFound');
    const keepsOld = graceSeconds > 0;
    await tx
      .update(apiKeys)
      .set({
        secretHash: hash,
        secretPrefix: prefix,
        previousSecretHash: keepsOld ? row.secretHash : null,
        previousSecretPrefix: keepsOld ? row.secretPrefix : null,
        previousExpiresAt: keepsOld ? new Date(now.getTime() + graceSeconds * 1000) : null,
        rotatedAt: now,
        updatedAt: now,
      })
      .where(eq(apiKeys.id, id));
    await recordAudit(tx, context, {
      event: 'key.rotated',
      organizationId,
      target: { type: 'key', id },
      details: {
        ...keyDetails({ ...row, secretPrefix: prefix }),
        previousPrefix: row.secretPrefix,
        graceSeconds,
      },
    });
  });
  return { key: await getKey(db, organizationId, id), secret };
}
