import type { Language } from '@cotacep/shared/languages';
import type { CreateProjectRequest, Project, UpdateProjectRequest } from '@cotacep/shared/project-schemas';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { type ProjectRow, projects } from '../../db/schema/projects.ts';
import { AppError } from '../../lib/app-error.ts';
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
  return created!;
}

export async function updateProject(
  db: Db,
  organizationId: string,
  id: string,
  input: UpdateProjectRequest,
): Promise<Project> {
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.organizationId, organizationId)))
    .returning({ id: projects.id });
  if (!row) throw new AppError('ProjectNotFound');
  return getProject(db, organizationId, id);
}

/** A project with keys stays: its keys would lose their home (delete or move them first). */
export async function deleteProject(db: Db, organizationId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccount(tx, organizationId);
    const [row] = await selectProjects(tx).where(
      and(eq(projects.id, id), eq(projects.organizationId, organizationId)),
    );
    if (!row) throw new AppError('ProjectNotFound');
    if (row.keyCount > 0) throw new AppError('ProjectHasKeys');
    await tx.delete(projects).where(eq(projects.id, id));
  });
}
