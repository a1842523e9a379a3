/**
 * The keyed, metered hot paths: a key with contract limits far above the load, so every request goes
 * through the whole gateway (lookup, restrictions, counters, metering) and reaches the handler. After
 * measuring, a fixed number of requests is sent and the usage API must count exactly that many.
 */
import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { Usage } from '@cotacep/shared/usage-schemas';
import autocannon from 'autocannon';
import type { Db } from '../apps/server/src/db/client.ts';
import { userCredentials } from '../apps/server/src/db/schema/user-credentials.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { seedKey } from '../apps/server/src/test/seed-key.ts';
import type { BenchScenario } from './scenarios.ts';

const PASSWORD = 'bench password';
const CHECKED_REQUESTS = 20_000;

export async function prepareGatewayScenarios(db: Db, env: Record<string, string>): Promise<BenchScenario[]> {
  const seeded = await seedKey(db, {
    plan: 'enterprise',
    limits: { ratePerMinute: 1_000_000_000, monthlyQuota: 1_000_000_000_000 },
  });
  await db
    .insert(userCredentials)
    .values({ userId: seeded.userId, passwordHash: await hashPassword(PASSWORD) });
  const { secret } = seeded;
  const keyId = seeded.key.id;
  const email = `seed.${seeded.userId.slice(0, 8)}@example.com`;

  const headers = { 'x-api-key': secret };
  const countedByKey = async (baseUrl: string) => {
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as TokenSet;
    const usage = await fetch(`${baseUrl}/api/usage?keyId=${keyId}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    return ((await usage.json()) as Usage).months.at(-1)!.total;
  };
  const checkCounts = (path: string) => async (baseUrl: string) => {
    const before = await countedByKey(baseUrl);
    const run = await autocannon({
      url: `${baseUrl}${path}`,
      connections: 50,
      amount: CHECKED_REQUESTS,
      headers,
    });
    const after = await countedByKey(baseUrl);
    const sent = run.requests.sent;
    console.log(`${path}: sent ${sent}, answered ${run['2xx'] + run.non2xx}, counted ${after - before}`);
    if (after - before !== sent)
      throw new Error(`lost counts on ${path}: sent ${sent}, counted ${after - before}`);
  };

  return [
    {
      name: 'GET /quotes/json/last/USD-BRL (key, metered)',
      path: '/quotes/json/last/USD-BRL',
      headers,
      env,
      afterMeasure: checkCounts('/quotes/json/last/USD-BRL'),
    },
    {
      name: 'GET /cep/json/01001000 (key, metered)',
      path: '/cep/json/01001000',
      headers,
      env,
      afterMeasure: checkCounts('/cep/json/01001000'),
    },
  ];
}
