import http from 'node:http';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import type { Usage } from '@cotacep/shared/usage-schemas';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type PortalServer, startPortalServer } from '../../../test/portal-server.ts';

// The real server with its public APIs (ROLE all): a key's calls are metered and reach the usage API.
let server: PortalServer;
let app: typeof import('../../../app/test-utils.tsx');
let session: typeof import('../../../lib/session/session-store.ts');
let used: KeyWithSecret;
let fresh: KeyWithSecret;
let tokens: TokenSet;

const ANY_IP = '0.0.0.0/0, ::/0';

function callPublicApi(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers: { 'x-api-key': token } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  server = await startPortalServer({ ROLE: 'all' });
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/`);
  app = await import('../../../app/test-utils.tsx');
  session = await import('../../../lib/session/session-store.ts');
  tokens = await server.createUser(`key-usage-${Date.now()}@example.com`);
  const create = async (description: string) => {
    const body = { description, kind: 'private', allowedOrigins: ANY_IP, enabled: true };
    const { status, body: created } = await server.call<KeyWithSecret>(
      'POST',
      '/keys',
      body,
      tokens.accessToken,
    );
    expect(status).toBe(201);
    return created;
  };
  // Free allows two keys: the account is at its limit.
  used = await create('Servidor');
  fresh = await create('Reserva');
  for (let call = 0; call < 3; call++) {
    expect(await callPublicApi('/quotes/json/available', used.secret)).toBe(200);
  }
  // Counts reach the database with the next flush (1 s).
  await waitFor(
    async () => {
      const usage = await server.call<Usage>('GET', '/usage', undefined, tokens.accessToken);
      expect(usage.body.byKey.find((item) => item.keyId === used.key.id)?.used).toBe(3);
    },
    { timeout: 20_000, interval: 300 },
  );
}, 120_000);
afterAll(() => server?.close());
afterEach(() => {
  cleanup();
  session.logout();
});

const SLOW = { timeout: 40_000 };

describe('Per-key analytics and the key limit', () => {
  it(
    'shows a used key’s last use, requests this period and sparkline, and "never used" for a fresh one',
    SLOW,
    async () => {
      session.setSession(tokens);
      await app.renderApp('/account/settings?tab=tokens', 'pt-BR');
      const row = (await screen.findByText('Servidor')).closest('tr') as HTMLElement;
      const lastUse = within(row).getByText('agora');
      expect(lastUse.getAttribute('title')).toMatch(/\d{4}/);
      expect(await within(row).findByText('3')).toBeTruthy();
      expect(within(row).getByText('agora · 3 requisições no mês')).toBeTruthy();
      expect(
        within(row).getByRole('img', {
          name: /^Requisições nos últimos 15 dias: 3 no total; .*: (0, ){14}3$/,
        }),
      ).toBeTruthy();

      const freshRow = screen.getByText('Reserva').closest('tr') as HTMLElement;
      expect(within(freshRow).getByText('Nunca usado')).toBeTruthy();
      expect(within(freshRow).getByText('0')).toBeTruthy();
      expect(
        within(freshRow).getByRole('img', { name: /^Requisições nos últimos 15 dias: 0 no total/ }),
      ).toBeTruthy();
      expect(fresh.key.lastUsedAt).toBeNull();
    },
  );

  it(
    'disables "Create token" on the Projects page at the limit, says why and links to the plans',
    SLOW,
    async () => {
      session.setSession(tokens);
      await app.renderApp('/projects', 'en');
      // The server made a default project for the first key; it is listed, with a hint and its edit action.
      const card = within(await screen.findByRole('region', { name: 'Projeto padrão' }));
      expect(card.getByText('Default project — rename it as you like')).toBeTruthy();
      expect(card.getByRole('button', { name: 'Actions for Projeto padrão' })).toBeTruthy();
      const create = (await card.findByRole('button', { name: 'Create token' })) as HTMLButtonElement;
      await waitFor(() => expect(create.disabled).toBe(true));
      expect(card.getByText('2 of 2 tokens allowed by your plan')).toBeTruthy();
      const reasonId = create.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(reasonId)?.textContent).toMatch(/^Your plan's token limit is reached/);
      expect(card.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
      expect(
        await card.findByRole('img', { name: /^Requests in the last 15 days: 3 in total/ }),
      ).toBeTruthy();
    },
  );
});
