import http from 'node:http';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { waitFor } from '@testing-library/react';
import type { PortalServer } from './portal-server.ts';

/** What a key is made with, as the create form sends it; any IP by default (a private key). */
export type KeyFields = {
  description: string;
  kind?: 'public' | 'private';
  allowedOrigins?: string;
  enabled?: boolean;
  projectId?: string;
};

/** Creates a key through the portal API, as another client of the account would. */
export async function createKey(
  server: PortalServer,
  token: string,
  fields: KeyFields,
): Promise<KeyWithSecret> {
  const body = { kind: 'private', allowedOrigins: '0.0.0.0/0, ::/0', enabled: true, ...fields };
  const created = await server.call<KeyWithSecret>('POST', '/keys', body, token);
  if (created.status !== 201) throw new Error(`key not created: ${JSON.stringify(created.body)}`);
  return created.body;
}

/**
 * One call to a public API (server with ROLE all) with a key's secret, answering the status; a public key
 * needs the `origin` of a page it allows.
 */
export function callPublicApi(
  server: PortalServer,
  path: string,
  secret: string,
  origin?: string,
): Promise<number> {
  const headers = { 'x-api-key': secret, ...(origin ? { origin } : {}) };
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** The account's usage once `isReady` holds: counts reach the database with the next flush (1 s). */
export async function waitForUsage(
  server: PortalServer,
  token: string,
  isReady: (usage: Usage) => boolean,
): Promise<Usage> {
  let usage: Usage | undefined;
  await waitFor(
    async () => {
      usage = (await server.call<Usage>('GET', '/usage', undefined, token)).body;
      if (!isReady(usage)) throw new Error(`usage not there yet: ${JSON.stringify(usage.byKey)}`);
    },
    { timeout: 20_000, interval: 300 },
  );
  return usage as Usage;
}
