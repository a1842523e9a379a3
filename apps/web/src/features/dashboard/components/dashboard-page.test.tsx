import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../app/test-utils.tsx';
import { logout, setSession } from '../../../lib/session/session-store.ts';
import { createTestToken } from '../../../lib/session/test-tokens.ts';
import {
  type DashboardApi,
  DELETED_KEY_ID,
  KEY_ID,
  makeUsage,
  PROJECT_ID,
  startDashboardApi,
} from '../test/dashboard-api.ts';

let api: DashboardApi;

async function openDashboard(
  search = '',
  language: 'pt-BR' | 'en' = 'pt-BR',
  initial?: Parameters<typeof startDashboardApi>[0],
) {
  api = await startDashboardApi(initial);
  setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana' }) });
  return renderApp(`/dashboard${search}`, language);
}

afterEach(async () => {
  // Unmount first and let requests in flight finish, so none is cut off when the server closes.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 100));
  vi.restoreAllMocks();
  logout();
  await api.close();
});

const card = (name: string) => screen.findByRole('region', { name });

describe('Dashboard', () => {
  it('answers "am I OK?": today, this period, quota left, errors of the last 24 h and active keys', async () => {
    await openDashboard();
    expect(within(await card('Requisições hoje')).getByText('50')).toBeTruthy();
    expect(within(await card('Neste período')).getByText('1.234')).toBeTruthy();
    const remaining = await card('Cota restante');
    expect(within(remaining).getByText('8.766')).toBeTruthy();
    expect(within(remaining).getByText('Renova em 1 de dez. de 2026')).toBeTruthy();
    const errors = await card('Erros, últimas 24 h');
    expect(within(errors).getByText('4xx 3,5%')).toBeTruthy();
    expect(within(errors).getByText('5xx 0,5%')).toBeTruthy();
    expect(within(errors).getByText('de 200 requisições')).toBeTruthy();
    expect(await within(await card('Chaves ativas')).findByText('1 de 5')).toBeTruthy();
    expect(screen.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeTruthy();

    const before = api.requests('/api/usage').length;
    api.usage = makeUsage({ used: 1300 });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar números' }));
    expect(await within(await card('Neste período')).findByText('1.300')).toBeTruthy();
    expect(api.requests('/api/usage').length).toBe(before + 1);
  });

  it('shows — for the error rate without requests, and the data freshness of each API', async () => {
    await openDashboard('', 'en', {
      usage: makeUsage({ last24h: { total: 0, clientErrors: 0, serverErrors: 0 } }),
    });
    const errors = await card('Errors, last 24 h');
    expect(within(errors).getByText('4xx —')).toBeTruthy();
    expect(within(errors).getByText('5xx —')).toBeTruthy();
    expect(within(errors).getByText('no requests')).toBeTruthy();
    const freshness = (await screen.findByRole('heading', { name: 'Data freshness' })).closest('div')!;
    expect(await within(freshness).findByText('Fresh')).toBeTruthy();
    expect(within(freshness).getByText('Stale')).toBeTruthy();
    expect(within(freshness).getByText('3 hours ago')).toBeTruthy();
  });

  it('warns at 80 % of the quota with an upgrade link', async () => {
    await openDashboard('', 'en', { usage: makeUsage({ used: 8500, remaining: 1500 }) });
    expect(await screen.findByText('You have used 85% of this month’s quota'.replace('’', "'"))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows the numbers of the chart in a table, per day and per month with the quota left', async () => {
    await openDashboard();
    fireEvent.click(await screen.findByRole('radio', { name: 'Tabela' }));
    const table = await screen.findByRole('table', { name: 'Requisições por código de status por dia' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Dia', '200', '304', '404', '429', '500', 'Total']);
    const today = within(table)
      .getByRole('rowheader', { name: 'dom., 22 de novembro de 2026' })
      .closest('tr')!;
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['40', '2', '3', '4', '1', '50']);

    fireEvent.click(screen.getByRole('radio', { name: 'Meses' }));
    const months = await screen.findByRole('table', { name: /por mês, com a cota restante/ });
    const november = within(months).getByRole('rowheader', { name: 'novembro de 2026' }).closest('tr')!;
    expect(
      within(november)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1.200', '34', '1.234', '8.766']);
  });

  it('lets the legend hide a series', async () => {
    await openDashboard('', 'en');
    const legend404 = await screen.findByRole('button', { name: '404' });
    expect(legend404.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(legend404);
    expect(screen.getByRole('button', { name: '404' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reads the filter from the URL, narrows the usage query and writes a new choice back', async () => {
    const { router } = await openDashboard(`?keyId=${KEY_ID}&view=months`);
    const keySelect = (await screen.findByRole('combobox', { name: 'Chave' })) as HTMLInputElement;
    await waitFor(() => expect(keySelect.value).toBe('Site da loja (ck_pub_3fQk…)'));
    expect(api.requests('/api/usage').at(-1)?.searchParams.get('keyId')).toBe(KEY_ID);
    expect(screen.getByRole('radio', { name: 'Meses' })).toHaveProperty('checked', true);

    fireEvent.click(screen.getByRole('combobox', { name: 'Projeto' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Loja virtual', hidden: true }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('projectId')).toBe(PROJECT_ID),
    );
    expect(new URLSearchParams(router.state.location.search).get('keyId')).toBe(KEY_ID);
    await waitFor(() =>
      expect(api.requests('/api/usage').at(-1)?.searchParams.get('projectId')).toBe(PROJECT_ID),
    );
  });

  it('keeps a deleted key selectable by its prefix', async () => {
    const { router } = await openDashboard();
    fireEvent.click(await screen.findByRole('combobox', { name: 'Chave' }));
    fireEvent.click(await screen.findByRole('option', { name: 'ck_pub_Old1… (excluída)', hidden: true }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('keyId')).toBe(DELETED_KEY_ID),
    );
  });

  it('downloads the CSV of the current view and filter under the server’s file name', async () => {
    const createObjectURL = vi.fn(() => 'blob:usage');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await openDashboard(`?keyId=${KEY_ID}`, 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['cotacep-usage-days-ck_pub_3fQk.csv blob:usage']));
    const [request] = api.requests('/api/usage.csv');
    expect(Object.fromEntries(request!.searchParams)).toEqual({ keyId: KEY_ID, view: 'days' });
    expect(
      api.server.requests.find((item) => item.method === 'GET' && item.url.startsWith('/api/usage.csv'))
        ?.headers,
    ).toMatchObject({
      authorization: expect.stringMatching(/^Bearer /),
      'accept-language': 'en',
    });
  });

  it('tells a new user how to make the first call', async () => {
    const empty = makeUsage({
      used: 0,
      remaining: 10_000,
      days: makeUsage().days.map((day) => ({ ...day, total: 0, byStatus: {} })),
      months: makeUsage().months.map((month) => ({ ...month, total: 0, byStatus: {} })),
      byKey: [],
    });
    await openDashboard('', 'en', { usage: empty });
    const heading = await screen.findByRole('heading', { name: 'No requests yet: make your first call' });
    const steps = heading.parentElement!;
    expect(within(steps).getByRole('link', { name: 'Create a key' }).getAttribute('href')).toBe(
      '/account/settings?tab=tokens',
    );
    expect(within(steps).getByText(/curl ".*\/quotes\/json\/last\/USD-BRL\?token=YOUR_TOKEN"/)).toBeTruthy();
  });
});
