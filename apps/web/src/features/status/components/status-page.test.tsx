import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';
import { STATUS_BANNER_DISMISSED_KEY } from '../lib/banner-dismissal.ts';

// The whole server (portal and both public APIs) as tests run it: no live ingest, so the quotes sources
// have no fresh data (the bundled dataset is older than its cadence, the live ones never ran) and the CEP
// providers have never been asked. That is what its /api/status reports; nothing here is faked.
const portal = setUpScreenPortal({ ROLE: 'all' });

const SLOW = { timeout: 40_000 };
/** The app at `path`; the language set again once the detector has settled (the first render's may land late). */
async function render(path: string, language: 'pt-BR' | 'en') {
  const view = await portal.app.renderApp(path, language);
  await waitFor(() => expect(i18next.isInitialized).toBe(true));
  await act(() => i18next.changeLanguage(language));
  return view;
}

const banner = () => screen.queryByRole('status', { name: /Aviso de status|Status notice/ });

describe('status page and banner while sources are stale', () => {
  it('the server says so', async () => {
    const { body } = await portal.server.call<{ status: string; sources: { name: string }[] }>(
      'GET',
      '/status',
    );
    expect(body.status).toBe('degraded');
    expect(body.sources.map((source) => source.name)).toEqual(
      expect.arrayContaining(['bcb-ptax', 'currency-api-cdn', 'ecb', 'viacep', 'brasilapi', 'opencep']),
    );
  });

  it('shows the headline, both APIs and every source with its state in words', SLOW, async () => {
    await render('/status', 'pt-BR');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Status dos serviços');
    expect(await screen.findByText('Há serviços fora do ar')).toBeTruthy();
    expect(screen.getByText(/^Atualizado às \d{2}:\d{2}:\d{2}$/)).toBeTruthy();

    const quotes = within(screen.getByRole('region', { name: 'API de cotações' }));
    expect(quotes.getAllByText('Fora do ar').length).toBeGreaterThan(0);
    const ptax = within(quotes.getByRole('article', { name: 'Banco Central do Brasil — PTAX' }));
    expect(ptax.getByText('Nenhuma ainda')).toBeTruthy();
    expect(ptax.getByText('Desatualizado (esperado a cada 5 dias)')).toBeTruthy();
    expect(ptax.getByText('fechado (normal)')).toBeTruthy();
    // The bundled dataset has data, only old: stale while still served, with its date on hover.
    const dataset = within(quotes.getByRole('article', { name: 'currency-api (pacote npm incluído)' }));
    expect(dataset.getByText('Degradado')).toBeTruthy();
    expect(dataset.getByText(/^há \d+ dias$/).getAttribute('title')).toMatch(/2026/);

    const cep = within(screen.getByRole('region', { name: 'API de CEP' }));
    for (const name of ['ViaCEP', 'BrasilAPI', 'OpenCEP'])
      expect(cep.getByRole('article', { name })).toBeTruthy();

    // The banner would only repeat the page.
    expect(banner()).toBeNull();
  });

  it('speaks English too', SLOW, async () => {
    await render('/status', 'en');
    expect(await screen.findByText('Some services are down')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Quotes API' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'CEP API' })).toBeTruthy();
    expect(screen.getAllByText('closed (normal)').length).toBeGreaterThan(0);
  });

  it(
    'puts a banner on every other page, linking to the status page, closable for the session',
    SLOW,
    async () => {
      sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
      const view = await render('/pricing', 'pt-BR');
      await waitFor(() => expect(banner()).not.toBeNull());
      const notice = within(banner() as HTMLElement);
      expect(notice.getByText(/Alguns dados estão desatualizados ou indisponíveis/)).toBeTruthy();
      expect(notice.getByRole('link', { name: 'ver status' }).getAttribute('href')).toBe('/status');

      fireEvent.click(notice.getByRole('button', { name: 'Fechar aviso de status' }));
      expect(banner()).toBeNull();
      expect(sessionStorage.getItem(STATUS_BANNER_DISMISSED_KEY)).toMatch(/"bcb-ptax":"down"/);
      view.unmount();

      // Another page in the same session: still closed, the sources being no worse.
      await render('/faq', 'pt-BR');
      await screen.findByRole('heading', { level: 1 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(banner()).toBeNull();
      sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
    },
  );
});
