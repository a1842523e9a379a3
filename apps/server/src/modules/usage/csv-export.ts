import type { Language } from '@cotacep/shared/languages';
import type { UsageCsvQuery } from '@cotacep/shared/usage-schemas';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/api-keys.ts';
import { projects } from '../../db/schema/projects.ts';
import { utcDay } from '../../lib/time.ts';
import { type CsvBucket, usageCsvFileName, usageCsvLines } from './csv.ts';
import { getUsageSeries } from './series.ts';

/** The key and project named by the filter, among this account's own only (a deleted key goes by its id). */
async function findFilterNames(db: Db, organizationId: string, query: UsageCsvQuery) {
  const [key] = query.keyId
    ? await db
        .select({ prefix: apiKeys.secretPrefix })
        .from(apiKeys)
        .where(and(eq(apiKeys.id, query.keyId), eq(apiKeys.organizationId, organizationId)))
    : [];
  const [project] = query.projectId
    ? await db
        .select({ name: projects.name })
        .from(projects)
        .where(and(eq(projects.id, query.projectId), eq(projects.organizationId, organizationId)))
    : [];
  return {
    key: query.keyId ? { id: query.keyId, prefix: key?.prefix ?? null } : undefined,
    project: query.projectId ? { id: query.projectId, name: project?.name ?? null } : undefined,
  };
}

/** `GET /usage.csv`: the file's name and its lines, the same series `/usage` gives for the filter and view. */
export async function getUsageCsv(
  db: Db,
  organizationId: string,
  query: UsageCsvQuery,
  language: Language,
  now = Date.now(),
) {
  const { view, keyId, projectId } = query;
  const [series, names] = await Promise.all([
    getUsageSeries(db, organizationId, { keyId, projectId }, view, now),
    findFilterNames(db, organizationId, query),
  ]);
  const buckets: CsvBucket[] = series.map((entry) => ({
    label: 'date' in entry ? entry.date : entry.month,
    byStatus: entry.byStatus,
  }));
  return {
    fileName: usageCsvFileName(view, names, utcDay(now)),
    lines: usageCsvLines(buckets, view, language),
  };
}
