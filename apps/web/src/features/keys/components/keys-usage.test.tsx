import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { callPublicApi, createKey, waitForUsage } from '#web/test/portal-keys.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real server with its public APIs (ROLE all): a key's calls are metered and reach the usage API.
const portal = setUpScreenPortal({ ROLE: 'all' });
let used: KeyWithSecret;
let fresh: KeyWithSecret;
let tokens: TokenSet;

beforeAll(async () => {
  tokens = await portal.server.createUser(`key-usage-${Date.now()}@example.com`);
  // Free allows two keys: the account is at its limit.
  used = await createKey(portal.server, tokens.accessToken, { description: 'Servidor' });
  fresh = await createKey(portal.server, tokens.accessToken, { description: 'Reserva' });
  for (let index = 0; index < 3; index++) {
    expect(await callPublicApi(portal.server, '/quotes/json/available', used.secret)).toBe(200);
  }
  await waitForUsage(
    portal.server,
    tokens.accessToken,
    (usage) => usage.byKey.find((item) => item.keyId === used.key.id)?.used === 3,
  );
}, 120_000);

const SLOW = { timeout: 40_000 };

describe('Per-key analytics and the key limit', () => {
  it(
    'shows a used key’s last use, requests this period and sparkline, and "never used" for a fresh one',
    SLOW,
    async () => {
      portal.session.setSession(tokens);
      await portal.app.renderApp('/account/settings?tab=tokens', 'pt-BR');
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
      portal.session.setSession(tokens);
      await portal.app.renderApp('/projects', 'en');
      // The server made a default project for the first key; it is listed, with a hint and its edit action.
      const card = within(await screen.findByRole('region', { name: 'Projeto padrão' }));
      expect(card.getByText('Default project — rename it as you like')).toBeTruthy();
      expect(card.getByRole('button', { name: 'Actions for Projeto padrão' })).toBeTruthy();
      const create = (await card.findByRole('button', { name: 'Create token' })) as HTMLButtonElement;
      await waitFor(() => expect(create.disabled).toBe(true));
      expect(card.getByText('2 of 2 tokens allowed by your plan')).toBeTruthy();
      const reasonId = create.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(reasonId)?.textContent).toBe('2 of 2 tokens allowed by your plan');
      // One notice for the limits reached, the page's, with the way out; the card does not repeat it.
      expect(screen.getByText(/^Your plan's (project and )?token limits? (is|are) reached/)).toBeTruthy();
      expect(card.queryByRole('link', { name: 'See plans' })).toBeNull();
      expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
      expect(
        await card.findByRole('img', { name: /^Requests in the last 15 days: 3 in total/ }),
      ).toBeTruthy();
    },
  );
});
