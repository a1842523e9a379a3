import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The whole server (portal and both public APIs) as tests run it: no live ingest, so the quotes API answers
// from the bundled dataset (dated 2026-09-29 00:00 UTC, 28 September in São Paulo) and the CEP providers have
// never been asked. That is what its /api/status reports; nothing here is faked.
const portal = setUpScreenPortal({ ROLE: 'all' });

const SLOW = { timeout: 40_000 };
const banner = () => screen.queryByRole('status', { name: /Aviso de status|Status notice/ });
/** The Mantine colour an element (or the closest one that has one) is painted with. */
const colourOf = (element: HTMLElement) =>
  element
    .closest('[style*="--mantine-color"]')
    ?.getAttribute('style')
    ?.match(/--mantine-color-(\w+)/)?.[1];

describe('the status page while the quotes API answers from stale data', () => {
  it('the server says so: stale with the data’s date, not down', async () => {
    const { body } = await portal.server.call<{ status: string; apis: unknown[] }>('GET', '/status');
    expect(body.status).toBe('degraded');
    expect(body.apis).toEqual([
      { api: 'quotes', state: 'stale', dataAsOf: '2026-09-29T00:00:00.000Z' },
      { api: 'cep', state: 'operational', dataAsOf: null },
    ]);
  });

  it('shows amber with the data’s date, never red, and no internals', SLOW, async () => {
    await renderScreen(portal, '/status', 'pt-BR');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Status dos serviços');
    const headline = await screen.findByText('Serviços no ar, alguns com dados desatualizados');
    expect(colourOf(headline)).toBe('yellow');
    expect(screen.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeTruthy();

    const quotes = within(screen.getByRole('region', { name: 'API de cotações' }));
    const badge = quotes.getAllByText('Dados desatualizados')[0] as HTMLElement;
    expect(colourOf(badge)).toBe('yellow');
    expect(quotes.getByText('Responde com dados de 28 de setembro de 2026.')).toBeTruthy();
    const cep = within(screen.getByRole('region', { name: 'API de CEP' }));
    expect(colourOf(cep.getByText('Operacional'))).toBe('teal');
    for (const name of ['ViaCEP', 'BrasilAPI', 'OpenCEP'])
      expect(cep.getByRole('article', { name })).toBeTruthy();

    // Every source by a name a person understands, with its state in words.
    const backup = within(quotes.getByRole('article', { name: 'Cópia de reserva das cotações diárias' }));
    expect(backup.getByText('Desatualizada')).toBeTruthy();
    expect(backup.getByText(/28 de set\. de 2026/)).toBeTruthy();
    const ptax = within(quotes.getByRole('article', { name: 'Banco Central do Brasil — PTAX' }));
    expect(ptax.getByText('Nenhuma ainda')).toBeTruthy();

    const page = document.body.textContent ?? '';
    expect(page).not.toMatch(/Fora do ar|Há serviços fora do ar/);
    expect(page).not.toMatch(/[Cc]ircuito|fechado \(normal\)|npm|currency-api|ENOTFOUND|Último erro/);
    expect(document.querySelector('[style*="--mantine-color-red"]')).toBeNull();
    // The page is the whole story: no banner pointing at it.
    expect(banner()).toBeNull();
  });

  it('speaks English too, with the date in English', SLOW, async () => {
    await renderScreen(portal, '/status', 'en');
    expect(await screen.findByText('All services up, some with out-of-date data')).toBeTruthy();
    const quotes = within(screen.getByRole('region', { name: 'Quotes API' }));
    expect(quotes.getAllByText('Data out of date').length).toBeGreaterThan(0);
    expect(quotes.getByText('Answering with data from September 28, 2026.')).toBeTruthy();
    expect(quotes.getByRole('article', { name: 'Backup copy of the daily rates' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'CEP API' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Down|[Cc]ircuit|npm/);
  });

  it('puts no banner on other pages for stale data', SLOW, async () => {
    await renderScreen(portal, '/pricing', 'pt-BR');
    await screen.findByRole('heading', { level: 1 });
    // Long enough for the status request to have answered and the banner's chunk to have loaded.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(banner()).toBeNull();
    expect(screen.queryByText(/fora do ar|desatualizad/i)).toBeNull();
  });
});
