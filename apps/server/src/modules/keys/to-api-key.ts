import type { ApiKey } from '@cotacep/shared/key-schemas';
import type { ApiKeyRow } from '../../db/schema/api-keys.ts';

/** The portal's view of a key: never the hash; the old secret's prefix only while its grace runs. */
export function toApiKey(
  row: ApiKeyRow,
  projectName: string,
  createdBy: string | null,
  now = Date.now(),
): ApiKey {
  const inGrace = row.previousExpiresAt !== null && row.previousExpiresAt.getTime() > now;
  return {
    id: row.id,
    description: row.description,
    projectId: row.projectId,
    projectName,
    kind: row.kind,
    enabled: row.enabled,
    allowedOrigins: row.allowedOrigins,
    prefix: row.secretPrefix,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    previousPrefix: inGrace ? row.previousSecretPrefix : null,
    graceEndsAt: inGrace ? row.previousExpiresAt!.toISOString() : null,
  };
}
