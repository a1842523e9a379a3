import type { TokenSet } from '@cotacep/shared/auth-responses';
import { PLANS } from '@cotacep/shared/plans';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The demo customer (seeded with 60 days of usage by the real server, spread over every status class) on
// the Months view: the months since the usage began, the quota as a line, the legend's meanings.
const portal = setUpScreenPortal({ DEMO_SEED: 'true' });

const SLOW = { timeout: 60_000 };
const DAY_MS = 86_400_000;

let demo: TokenSet;

beforeAll(async () => {
  const login = await portal.server.call<TokenSet>('POST', '/auth/login', {
    email: 'demo@cotacep.dev',
    password: 'cotacep-demo',
  });
  expect(login.status).toBe(200);
  demo = login.body;
}, 60_000);

afterEach(() => vi.restoreAllMocks());

async function openMonths(language: 'pt-BR' | 'en', display: 'chart' | 'table' = 'chart') {
  portal.session.setSession(demo);
  await renderScreen(portal, '/dashboard?view=months', language);
  if (display === 'table') {
    fireEvent.click(await screen.findByRole('radio', { name: language === 'en' ? 'Table' : 'Tabela' }));
  }
}

/** The months of the demo's 60 days, newest first, written as the table writes them. */
function demoMonths(language: string): string[] {
  const months: string[] = [];
  const first = new Date(Date.now() - 59 * DAY_MS);
  const cursor = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
  while (cursor.getTime() >= Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)) {
    const format = { timeZone: 'UTC', month: 'long', year: 'numeric' } as const;
    months.push(new Intl.DateTimeFormat(language, format).format(cursor));
    cursor.setUTCMonth(cursor.getUTCMonth() - 1);
  }
  return months;
}

describe('Dashboard, Months view', () => {
  it(
    'explains each status class in the legend and draws the quota as a line, in Portuguese',
    SLOW,
    async () => {
      await openMonths('pt-BR');
      const names = ['2xx/304 sucesso', '4xx erro do pedido', '429 limite excedido', '5xx erro do servidor'];
      for (const name of names) expect(await screen.findByRole('button', { name })).toBeTruthy();
      const quota = new Intl.NumberFormat('pt-BR').format(PLANS.free.monthlyQuota);
      expect(screen.getByText(`Cota mensal do plano: ${quota}`)).toBeTruthy();
      // No grey "quota left" series stacked on the bars any more.
      expect(screen.queryByRole('button', { name: 'Cota restante' })).toBeNull();
    },
  );

  it('explains each status class in the legend and draws the quota as a line, in English', SLOW, async () => {
    await openMonths('en');
    const names = ['2xx/304 success', '4xx request error', '429 rate limit exceeded', '5xx server error'];
    for (const name of names) expect(await screen.findByRole('button', { name })).toBeTruthy();
    const quota = new Intl.NumberFormat('en').format(PLANS.free.monthlyQuota);
    expect(screen.getByText(`Plan's monthly quota: ${quota}`)).toBeTruthy();
  });

  it('lists only the months with the account, newest first, with a total at the foot', SLOW, async () => {
    await openMonths('pt-BR', 'table');
    const table = await screen.findByRole('table', { name: /por mês, com a cota restante/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Mês',
      'Total',
      '2xx/304 sucesso',
      '4xx erro do pedido',
      '429 limite excedido',
      '5xx erro do servidor',
      'Cota restante',
    ]);
    const rows = within(table).getAllByRole('rowheader');
    expect(rows.map((row) => row.textContent)).toEqual([...demoMonths('pt-BR'), 'Total']);
    // The foot's total is the sum of the months' totals.
    const totals = rows.map((row) =>
      Number(within(row.closest('tr')!).getAllByRole('cell')[0]!.textContent!.replace(/\./g, '')),
    );
    expect(totals.at(-1)).toBe(totals.slice(0, -1).reduce((sum, total) => sum + total, 0));
    expect(totals.at(-1)).toBeGreaterThan(0);
  });

  it('tells a phone that the table scrolls sideways, and names the scrolling area', SLOW, async () => {
    // A phone: the table is wider than its box.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(620);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(340);
    await openMonths('pt-BR', 'table');
    expect(await screen.findByText('Deslize para ver mais →')).toBeTruthy();
    const region = screen.getByRole('region', {
      name: 'Consumo por mês; deslize para o lado para ver todas as colunas',
    });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(within(region).getByRole('table')).toBeTruthy();
  });

  it('shows no scroll hint where the table fits', SLOW, async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
    await openMonths('en', 'table');
    expect(await screen.findByRole('table', { name: /per month, with the quota left/ })).toBeTruthy();
    expect(screen.queryByText('Swipe to see more →')).toBeNull();
  });
});
