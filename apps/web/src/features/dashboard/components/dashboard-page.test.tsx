import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { callPublicApi, createKey, waitForUsage } from '#web/test/portal-keys.ts';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The whole server (portal and public APIs): the keys' calls are metered and reach the usage API, as in
// production. A quota of 20 lets a few calls reach the 80 % warning; only 2xx and 304 answers use it.
const portal = setUpScreenPortal({ ROLE: 'all', PLAN_QUOTAS: 'free:20' });

const SLOW = { timeout: 60_000 };

let user: TokenSet;
let newcomer: TokenSet;
let site: KeyWithSecret;
let removed: KeyWithSecret;

const call = (path: string, key: KeyWithSecret) => callPublicApi(portal.server, path, key.secret);
const waitForUsed = (token: string, used: number) =>
  waitForUsage(portal.server, token, (usage) => usage.used === used);

beforeAll(async () => {
  user = await portal.server.createUser(`dashboard-${Date.now()}@example.com`);
  newcomer = await portal.server.createUser(`dashboard-new-${Date.now()}@example.com`);
  site = await createKey(portal.server, user.accessToken, { description: 'Site da loja' });
  removed = await createKey(portal.server, user.accessToken, { description: 'Servidor antigo' });
  for (let index = 0; index < 15; index++) {
    expect(await call('/quotes/json/available', site)).toBe(200);
  }
  for (let index = 0; index < 2; index++) {
    expect(await call('/quotes/json/last/XYZ-BRL', site)).toBe(404);
  }
  expect(await call('/quotes/json/available', removed)).toBe(200);
  // 16 answers of 200 use the quota; the two 404s count among today's requests only.
  await waitForUsage(
    portal.server,
    user.accessToken,
    (usage) => usage.used === 16 && usage.days.at(-1)?.total === 18,
  );
  // A deleted key's requests stay in the figures.
  expect(
    (await portal.server.call('DELETE', `/keys/${removed.key.id}`, undefined, user.accessToken)).status,
  ).toBe(204);
}, 120_000);

/** The dashboard of `tokens`' user at `search`, in `language`. */
async function openDashboard(tokens: TokenSet, search = '', language: 'pt-BR' | 'en' = 'pt-BR') {
  portal.session.setSession(tokens);
  return renderScreen(portal, `/dashboard${search}`, language);
}

const card = (name: string) => screen.findByRole('region', { name });
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

// The tests run in order on one account: the first adds a call, which the later figures count.
describe('Dashboard', () => {
  it(
    'answers "am I OK?": today, this period, quota left, errors of the last 24 h and active keys',
    SLOW,
    async () => {
      await openDashboard(user);
      // 15 + 1 answers of 200 and 2 of 404 today; only the 200s use the quota of 20.
      expect(await within(await card('Requisições hoje')).findByText('18')).toBeTruthy();
      const period = await card('Neste período');
      expect(within(period).getByText('16')).toBeTruthy();
      expect(within(period).getByText('de 20 do seu plano')).toBeTruthy();
      const remaining = await card('Cota restante');
      expect(within(remaining).getByText('4')).toBeTruthy();
      expect(within(remaining).getByText(/^Renova em \d{1,2} de .+ de \d{4}$/)).toBeTruthy();
      const errors = await card('Erros, últimas 24 h');
      expect(within(errors).getByText('4xx 11,1%')).toBeTruthy();
      expect(within(errors).getByText('5xx 0%')).toBeTruthy();
      expect(within(errors).getByText('de 18 requisições')).toBeTruthy();
      // One key left of the free plan's two.
      expect(await within(await card('Tokens ativos')).findByText('1 de 2')).toBeTruthy();
      expect(screen.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeTruthy();

      // A call made since is there after "refresh".
      expect(await call('/quotes/json/available', site)).toBe(200);
      await waitForUsed(user.accessToken, 17);
      fireEvent.click(screen.getByRole('button', { name: 'Atualizar números' }));
      expect(await within(await card('Neste período')).findByText('17')).toBeTruthy();
      expect(within(await card('Requisições hoje')).getByText('19')).toBeTruthy();
    },
  );

  it(
    'warns at 80 % of the quota with an upgrade link, and tells how fresh each API’s data is',
    SLOW,
    async () => {
      await openDashboard(user, '', 'en');
      expect(await screen.findByText("You have used 85% of this month's quota")).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
      // No live ingest in tests: the bundled quotes are older than their cadence, no CEP lookup has run.
      const freshness = (await screen.findByRole('heading', { name: 'Data freshness' })).closest('div')!;
      const quotes = (await within(freshness).findByText('Quotes API')).parentElement!;
      expect(within(quotes).getByText('Stale')).toBeTruthy();
      const cep = within(freshness).getByText('CEP API').parentElement!;
      expect(within(cep).getByText('No data')).toBeTruthy();
    },
  );

  it(
    'labels the chart’s series by status class with what each means, and lets the legend hide one',
    SLOW,
    async () => {
      await openDashboard(user, '', 'en');
      expect(await screen.findByText('HTTP requests by status class over the last 15 days.')).toBeTruthy();
      const legend = ['2xx/304 success', '4xx request error'].map((name) =>
        screen.getByRole('button', { name }),
      );
      expect(legend.map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'true']);
      fireEvent.click(legend[1]!);
      expect(screen.getByRole('button', { name: '4xx request error' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      // The days have no quota line; only the months do.
      expect(screen.queryByText(/^Plan's monthly quota/)).toBeNull();
    },
  );

  it(
    'shows the numbers of the chart in a table, newest first with the total beside the period',
    SLOW,
    async () => {
      await openDashboard(user);
      fireEvent.click(await screen.findByRole('radio', { name: 'Tabela' }));
      const table = await screen.findByRole('table', { name: 'Requisições por classe de status por dia' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers).toEqual(['Dia', 'Total', '2xx/304 sucesso', '4xx erro do pedido']);
      const rows = within(table).getAllByRole('rowheader');
      // 15 days and the window's total at the foot.
      expect(rows).toHaveLength(16);
      expect(cells(rows[0]!.closest('tr')!)).toEqual(['19', '17', '2']);
      expect(cells(rows[14]!.closest('tr')!)).toEqual(['0', '0', '0']);
      expect(rows[15]!.textContent).toBe('Total');
      expect(cells(rows[15]!.closest('tr')!)).toEqual(['19', '17', '2']);

      fireEvent.click(screen.getByRole('radio', { name: 'Meses' }));
      const months = await screen.findByRole('table', { name: /por mês, com a cota restante/ });
      const month = within(months).getAllByRole('rowheader')[0]!.closest('tr')!;
      // Total, successes, 4xx, and what the 17 successes (only they use it) leave of the quota of 20.
      expect(cells(month)).toEqual(['19', '17', '2', '3']);
    },
  );

  it(
    'reads the filter from the URL, narrows the figures to it and writes a new choice back',
    SLOW,
    async () => {
      const { router } = await openDashboard(user, `?keyId=${removed.key.id}&view=months`);
      const keySelect = (await screen.findByRole('combobox', { name: 'Token' })) as HTMLInputElement;
      await waitFor(() => expect(keySelect.value).toBe(`${removed.key.id.slice(0, 8)}… (excluída)`));
      // The filter says which cards it narrows and which stay the account's.
      const scope = screen.getByText(/^O filtro muda “Requisições hoje”, “Erros, últimas 24 h” e o gráfico/);
      expect(scope.textContent).toContain(
        '“Neste período”, “Cota restante” e “Tokens ativos” são da conta toda',
      );
      expect(screen.getByRole('radio', { name: 'Meses' })).toHaveProperty('checked', true);
      // The deleted key made one call, answered 200: the legend has no 4xx any more.
      expect(await screen.findByRole('button', { name: '2xx/304 sucesso' })).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: '4xx erro do pedido' })).toBeNull());

      fireEvent.click(screen.getByRole('combobox', { name: 'Token' }));
      fireEvent.click(await screen.findByRole('option', { name: /^Site da loja/, hidden: true }));
      await waitFor(() =>
        expect(new URLSearchParams(router.state.location.search).get('keyId')).toBe(site.key.id),
      );
      expect(await screen.findByRole('button', { name: '4xx erro do pedido' })).toBeTruthy();
    },
  );

  it('downloads the CSV of the current view and filter under the server’s file name', SLOW, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:usage');
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await openDashboard(user, `?keyId=${site.key.id}`, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    const prefix = site.key.prefix.replace(/[^A-Za-z0-9_]/g, '');
    await waitFor(() =>
      expect(downloads).toEqual([
        expect.stringMatching(
          new RegExp(`^cotacep-usage-days-key-${prefix}-\\d{4}-\\d{2}-\\d{2}\\.csv blob:usage$`),
        ),
      ]),
    );
    click.mockRestore();
  });

  it('tells a new user how to make the first call', SLOW, async () => {
    await openDashboard(newcomer, '', 'en');
    const heading = await screen.findByRole('heading', { name: 'No requests yet: make your first call' });
    const steps = heading.parentElement!;
    expect(within(steps).getByRole('link', { name: 'Create a token' }).getAttribute('href')).toBe(
      '/account/settings?tab=tokens',
    );
    expect(within(steps).getByText(/curl ".*\/quotes\/json\/last\/USD-BRL\?token=YOUR_TOKEN"/)).toBeTruthy();
  });

  it(
    'shows a Billing member the usage without asking for the keys and projects their role cannot read',
    SLOW,
    async () => {
      const organizationId = await getDefaultOrganizationId(portal.server, user.accessToken);
      const billing = await addMember(
        portal.server,
        user.accessToken,
        organizationId,
        `dashboard-billing-${Date.now()}@example.com`,
        'billing',
      );
      const { apiClient } = await import('#web/lib/api/clients.ts');
      const organizations = await import('#web/lib/session/organization-store.ts');
      const asked: string[] = [];
      const recorder = apiClient.interceptors.request.use((config) => {
        asked.push(String(config.url));
        return config;
      });
      try {
        organizations.setCurrentOrganizationId(organizationId);
        await openDashboard(billing, '', 'en');
        // The organization's usage, as its Owner sees it.
        const owners = await portal.server.call<{ used: number }>(
          'GET',
          '/usage',
          undefined,
          user.accessToken,
        );
        expect(within(await card('This period')).getByText(String(owners.body.used))).toBeTruthy();
        expect(within(await card('Active tokens')).getByText('—')).toBeTruthy();
        expect(asked.some((url) => url.startsWith('usage'))).toBe(true);
        expect(asked.filter((url) => /^(keys|projects)\b/.test(url))).toEqual([]);
      } finally {
        apiClient.interceptors.request.eject(recorder);
        organizations.clearCurrentOrganizationId();
      }
    },
  );
});
