/**
 * Makes a member of Cotacep's staff (issue 26): promotes an existing account, or creates a confirmed one with a
 * random password shown once; an account without an authenticator app or passkey gets an authenticator app
 * enrolled, its key shown once. Running it again changes nothing. Exits 1 on bad input.
 *
 *   npm run staff:create -- --email ana@cotacep.com.br --role staff --name "Ana Souza"
 *   npm run staff:create -- --email suporte@cotacep.com.br --role support
 */
import { loadConfig } from '../src/config.ts';
import { openConfiguredDatabase } from '../src/db/open-configured.ts';
import { loadAppSecret } from '../src/lib/app-secret.ts';
import {
  createStaff,
  describeStaffCreate,
  parseStaffCreateArgs,
  StaffCreateError,
} from '../src/modules/admin/staff-create.ts';

process.chdir(process.env.INIT_CWD ?? process.cwd());

async function main(): Promise<number> {
  let input: ReturnType<typeof parseStaffCreateArgs>;
  try {
    input = parseStaffCreateArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`staff:create: ${(error as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const appSecret = await loadAppSecret(database.db, config);
    const result = await createStaff(database.db, { appSecret, issuer: config.APP_NAME }, input);
    console.log(describeStaffCreate(result));
    return 0;
  } catch (error) {
    if (error instanceof StaffCreateError) {
      console.error(`staff:create: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
