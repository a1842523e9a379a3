import type { Db } from '../../db/client.ts';

/**
 * What the second factors' storage needs: the database, the app secret (it seals authenticator keys and
 * peppers recovery codes) and the attempt limit. The identity (`modules/auth`) has this shape and is passed
 * as is; this module imports no other, so auth, organizations and passkeys can all build on it.
 */
export type FactorStore = { db: Db; codes: { secret: string; maxAttempts: number } };
