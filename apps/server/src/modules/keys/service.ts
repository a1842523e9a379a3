import type { ApiKey, CreateKeyRequest, KeyWithSecret, UpdateKeyRequest } from '@cotacep/shared/key-schemas';
import type { Language } from '@cotacep/shared/languages';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccount } from '../projects/account-lock.ts';
import { ensureDefaultProject } from '../projects/service.ts';
import { generateSecret } from './secrets.ts';
import { toApiKey } from './to-api-key.ts';

const keyWithProject = {
  key: apiKeys,
  projectName: projects.name,
  createdBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

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
  options: { maxKeys: number; language: Language; createdBy: string | null },
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
      : await ensureDefaultProject(tx, organizationId, options.language);
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
      .returning({ id: apiKeys.id });
    return created!.id;
  });
  return { key: await getKey(db, organizationId, id), secret };
}

export async function updateKey(
  db: Db,
  organizationId: string,
  id: string,
  input: UpdateKeyRequest,
): Promise<ApiKey> {
  await db.transaction(async (tx) => {
    if (input.kind) {
      const [stored] = await tx
        .select({ kind: apiKeys.kind })
        .from(apiKeys)
        .where(isOwnKey(organizationId, id));
      if (!stored) throw new AppError('ApiKeyNotFound');
      // The secret's prefix names the kind; a key of the other kind is a new key.
      if (stored.kind !== input.kind) throw new AppError('KeyKindImmutable');
    }
    if (input.projectId) await ownProject(tx, organizationId, input.projectId);
    const [row] = await tx
      .update(apiKeys)
      .set({ ...input, updatedAt: new Date() })
      .where(isOwnKey(organizationId, id))
      .returning({ id: apiKeys.id });
    if (!row) throw new AppError('ApiKeyNotFound');
  });
  return getKey(db, organizationId, id);
}

export async function deleteKey(db: Db, organizationId: string, id: string): Promise<void> {
  const [row] = await db.delete(apiKeys).where(isOwnKey(organizationId, id)).returning({ id: apiKeys.id });
  if (!row) throw new AppError('ApiKeyNotFound');
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
): Promise<KeyWithSecret> {
  const current = await getKey(db, organizationId, id);
  const { secret, hash, prefix } = generateSecret(current.kind);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secretHash: apiKeys.secretHash, secretPrefix: apiKeys.secretPrefix })
      .from(apiKeys)
      .where(isOwnKey(organizationId, id))
      .for('update');
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
  });
  return { key: await getKey(db, organizationId, id), secret };
}
