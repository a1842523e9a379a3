import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('isDatabaseUnavailable', () => {
  it('is true for a server nobody listens on (ECONNREFUSED, through a pool)', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    const error = await failureOf(() => pool.query('select 1'));
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('is true for a pool that was closed', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:9/none' });
    await pool.end();
    expect(isDatabaseUnavailable(await failureOf(() => pool.query('select 1')))).toBe(true);
  });

  it('is true for server codes of a database going away, wrapped or not', () => {
    for (const code of ['57P01', '57P03', '08006', '08001', '53300']) {
      expect(isDatabaseUnavailable({ code }), code).toBe(true);
      expect(isDatabaseUnavailable(new Error('Failed query', { cause: { code } })), code).toBe(true);
    }
  });

  it('is false for a query the database refused, a missing table, or anything else', async () => {
    const syntax = await failureOf(() => database.db.execute(sql`selec 1`));
    const missing = await failureOf(() => database.db.execute(sql`select * from no_such_table`));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(missing)).toBe(false);
    expect(isDatabaseUnavailable({ code: '55000', message: 'sequence is not yet defined' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
