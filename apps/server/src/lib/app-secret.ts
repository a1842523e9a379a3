import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { appMeta } from '../db/schema/app-meta.ts';

const SECRET_KEY = 'app_secret';

/**
 * The secret that signs XSRF tokens and similar values. Production must configure APP_SECRET; locally
 * one is generated on first start and kept in the database, so restarts and sibling instances agree.
 */
export async function loadAppSecret(db: Db, config: Config): Promise<string> {
  if (config.APP_SECRET) return config.APP_SECRET;
  const generated = randomBytes(32).toString('base64url');
  await db.insert(appMeta).values({ key: SECRET_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('app secret missing after insert');
  return row.value;
}
