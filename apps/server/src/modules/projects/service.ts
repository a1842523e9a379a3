import type { Language } from '@cotacep/shared/languages';
import type { CreateProjectRequest, Project, UpdateProjectRequest } from '@cotacep/shared/project-schemas';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { type ProjectRow, projects } from '../../db/schema/projects.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditContext, recordAudit } from '../audit/record.ts';
import { lockAccount } from './account-lock.ts';

const DEFAULT_PROJECT_NAMES: Record<Language, string> = { 'pt-BR': 'Projeto padrão', en: 'Default project' };

function toProject(row: ProjectRow, keyCount: number): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    keyCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const keyCount = sql<number>`count(${apiKeys.id})::int`;

/** A project's entry in the audit log, in the transaction that changed it. */
function recordProject(
  tx: Db,
  context: AuditContext,
  event: 'project.created' | 'project.updated' | 'project.deleted',
  project: ProjectRow,
  extra: Record<string, string> = {},
) {
  return recordAudit(tx, context, {
    event,
    organizationId: project.organizationId,
    target: { type: 'project', id: project.id },
    details: { name: project.name, ...extra },
  });
}

/** Projects with their number of keys. */
function selectProjects(db: Db) {
  return db
    .select({ project: projects, keyCount })
    .from(projects)
    .leftJoin(apiKeys, eq(apiKeys.projectId, projects.id))
    .groupBy(projects.id)
    .$dynamic();
}

export async function listProjects(db: Db, organizationId: string): Promise<Project[]> {
  const rows = await selectProjects(db)
    .where(eq(projects.organizationId, organizationId))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return rows.map((row) => toProject(row.project, row.keyCount));
}

export async function getProject(db: Db, organizationId: string, id: string): Promise<Project> {
  const [row] = await selectProjects(db).where(
    and(eq(projects.id, id), eq(projects.organizationId, organizationId)),
  );
  if (!row) throw new AppError('ProjectNotFound');
  return toProject(row.project, row.keyCount);
}

async function countProjects(tx: Db, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(projects)
    .where(eq(projects.organizationId, organizationId));
  return row?.total ?? 0;
}

export async function createProject(
  db: Db,
  organizationId: string,
  input: CreateProjectRequest,
  maxProjects: number,
  context: AuditContext,
): Promise<Project> {
  const row = await db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    if ((await countProjects(tx, organizationId)) >= maxProjects) {
      throw new AppError('ProjectLimitReached', { limit: maxProjects });
    }
    const [created] = await tx
      .insert(projects)
      .values({ organizationId, ...input })
      .returning();
    await recordProject(tx, context, 'project.created', created!);
    return created!;
  });
  return toProject(row, 0);
}

/**
 * The project a key goes to when none is named: the account's oldest, or a new default one. Runs inside
 * the caller's transaction, which already holds the account lock.
 */
export async function ensureDefaultProject(
  tx: Db,
  organizationId: string,
  language: Language,
  context: AuditContext,
): Promise<ProjectRow> {
  const [oldest] = await tx
    .select()
    .from(projects)
    .where(eq(projects.organizationId, organizationId))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(1);
  if (oldest) return oldest;
  const [created] = await tx
    .insert(projects)
    .values({ organizationId, name: DEFAULT_PROJECT_NAMES[language] })
    .returning();
  await recordProject(tx, context, 'project.created', created!);
  return created!;
}

export async function updateProject(
  db: Db,
  organizationId: string,
  id: string,
  input: UpdateProjectRequest,
  context: AuditContext,
): Promise<Project> {
  await db.transaction(async (tx) => {
    const isOwn = and(eq(projects.id, id), eq(projects.organizationId, organizationId));
    const [stored] = await tx.select().from(projects).where(isOwn).for('update');
    if (!stored) throw new AppError('ProjectNotFound');
    const [row] = await tx
      .update(projects)
      .set({ ...input, updatedAt: new Date() })
      .where(isOwn)
      .returning();
    const changed = (['name', 'description'] as const).filter(
      (field) => input[field] !== undefined && input[field] !== stored[field],
    );
    if (row && changed.length > 0) {
      await recordProject(tx, context, 'project.updated', row, { changed: changed.join(',') });
    }
  });
  return getProject(db, organizationId, id);
}

/** A project with keys stays: its keys would lose their home (delete or move them first). */
export async function deleteProject(
  db: Db,
  organizationId: string,
  id: string,
  context: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    const [row] = await selectProjects(tx).where(
      and(eq(projects.id, id), eq(projects.organizationId, organizationId)),
    );
    if (!row) throw new AppError('ProjectNotFound');
    if (row.keyCount > 0) throw new AppError('ProjectHasKeys');
    await tx.delete(projects).where(eq(projects.id, id));
    await recordProject(tx, context, 'project.deleted', row.project);
  });
}
