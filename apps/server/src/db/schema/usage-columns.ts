import { bigint, type PgColumnBuilderBase, smallint, uuid } from 'drizzle-orm/pg-core';
import { organizationIdColumn } from './organizations.ts';

/**
 * The columns of a usage table: requests counted per (account, project, key, period, HTTP status).
 * Key and project ids are not foreign keys: a deleted key's usage stays counted.
 */
export const usageCountColumns = <Period extends Record<string, PgColumnBuilderBase>>(period: Period) => ({
  organizationId: organizationIdColumn(),
  projectId: uuid('project_id').notNull(),
  keyId: uuid('key_id').notNull(),
  ...period,
  status: smallint('status').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
});
