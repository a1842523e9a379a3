/**
 * Walks every chain of the audit log (issue 26) and names the first broken link: an entry altered, removed
 * or put out of place. Exits 1 when one is found, 0 when every chain holds.
 *
 *   npm run audit:verify
 */
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/db/open-configured.ts';
import { describeBrokenLink, verifyAuditLog } from '../src/modules/audit/verify.ts';

process.chdir(process.env.INIT_CWD ?? process.cwd());

async function main(): Promise<number> {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await database.migrate();
    const result = await verifyAuditLog(database.db);
    if (result.broken) {
      console.error(`audit log broken: ${describeBrokenLink(result.broken)}`);
      return 1;
    }
    console.log(`audit log intact: ${result.entries} entries in ${result.chains} chains`);
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
