import { prepareGatewayScenarios } from './gateway.ts';

/** What `npm run bench` measures against the baseline. Each scenario may prepare data and server settings. */
export type BenchScenario = {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** Extra environment for the server under test. */
  env?: Record<string, string>;
  /** Runs once the server is up, before measuring (warm a cache, create a key…). */
  beforeMeasure?: (baseUrl: string) => Promise<void>;
  /** Runs after measuring (check counts…). */
  afterMeasure?: (baseUrl: string) => Promise<void>;
};

export async function prepareScenarios(context: {
  root: string;
  env: Record<string, string>;
}): Promise<BenchScenario[]> {
  return [
    {
      name: 'GET /quotes/json/last/USD-BRL',
      path: '/quotes/json/last/USD-BRL',
      // Anonymous calls have a small per-IP rate; here the path itself is measured.
      env: { QUOTES_INGEST: 'off', GATEWAY_ANONYMOUS_PER_MINUTE: '1000000' },
    },
    ...(await prepareGatewayScenarios(context)),
  ];
}
