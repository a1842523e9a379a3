import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';
import { STATUS_BANNER_DISMISSED_KEY } from '../lib/banner-dismissal.ts';

// A real outage: the whole server without the bundled dataset and with no ingest has no quotes data at all,
// so its quotes API cannot answer, and its /api/status says so. Nothing is faked.
const portal = setUpScreenPortal({ ROLE: 'all', QUOTES_BUNDLED_DATA: 'off' });

const SLOW = { timeout: 40_000 };
const banner = () => screen.queryByRole('status', { name: /Aviso de status|Status notice/ });
const colourOf = (element: HTMLElement) =>
  element
    .closest('[style*="--mantine-color"]')
    ?.getAttribute('style')
    ?.match(/--mantine-color-(\w+)/)?.[1];

describe('while the quotes API is down', () => {
  it('the server says so', async () => {
    const { body } = await portal.server.call<{ status: string; apis: { api: string; state: string }[] }>(
      'GET',
      '/status',
    );
    expect(body.status).toBe('outage');
    expect(body.apis.find((entry) => entry.api === 'quotes')?.state).toBe('outage');
  });

  it('the status page shows it in red, and only that API', SLOW, async () => {
    await renderScreen(portal, '/status', 'pt-BR');
    const headline = await screen.findByText('Há serviços fora do ar');
    expect(colourOf(headline)).toBe('red');
    expect(screen.getByText('API de cotações: fora do ar')).toBeTruthy();
    const quotes = within(screen.getByRole('region', { name: 'API de cotações' }));
    expect(colourOf(quotes.getAllByText('Fora do ar')[0] as HTMLElement)).toBe('red');
    const cep = within(screen.getByRole('region', { name: 'API de CEP' }));
    expect(cep.queryByText('Fora do ar')).toBeNull();
    expect(colourOf(cep.getByText('Operacional'))).toBe('teal');
  });

  it('puts a banner naming the API after the page’s content, closable for the session', SLOW, async () => {
    sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
    const view = await renderScreen(portal, '/pricing', 'pt-BR');
    await waitFor(() => expect(banner()).not.toBeNull());
    const element = banner() as HTMLElement;
    const notice = within(element);
    expect(element.textContent).toMatch(/A API de cotações está fora do ar/);
    expect(notice.getByRole('link', { name: 'ver status' }).getAttribute('href')).toBe('/status');
    // Out of the tab order's start: after the page's content, in the page's flow, floating over nothing.
    const main = screen.getByRole('main');
    expect(main.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.contains(element)).toBe(false);
    expect(getComputedStyle(element).position).not.toBe('fixed');

    fireEvent.click(notice.getByRole('button', { name: 'Fechar aviso de status' }));
    expect(banner()).toBeNull();
    expect(sessionStorage.getItem(STATUS_BANNER_DISMISSED_KEY)).toBe('["quotes"]');
    view.unmount();

    // Another page in the same session: still closed, nothing else having gone down.
    await renderScreen(portal, '/faq', 'pt-BR');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(banner()).toBeNull();
    sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
  });

  it('names the API in English too', SLOW, async () => {
    sessionStorage.removeItem(STATUS_BANNER_DISMISSED_KEY);
    await renderScreen(portal, '/faq', 'en');
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(banner()?.textContent).toMatch(/The Quotes API is down/);
    expect(within(banner() as HTMLElement).getByRole('button', { name: 'Close status notice' })).toBeTruthy();
  });
});
