import type { ClientOptions } from '@cotacep/client';
import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real client, watched: the panel must build its calls with it, not with a fetch of its own.
const made = vi.hoisted(() => ({ clients: [] as ClientOptions[], rawCalls: [] as string[] }));
vi.mock('@cotacep/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@cotacep/client')>();
  return {
    ...real,
    createCotacepClient: (options: ClientOptions) => {
      made.clients.push(options);
      const client = real.createCotacepClient(options);
      const watch =
        <A extends unknown[]>(name: string, call: (...args: A) => Promise<Response>) =>
        (...args: A) => {
          made.rawCalls.push(`${name}(${args.join(',')})`);
          return call(...args);
        };
      return {
        ...client,
        raw: {
          quotes: { ...client.raw.quotes, last: watch('quotes.last', client.raw.quotes.last) },
          cep: { lookup: watch('cep.lookup', client.raw.cep.lookup) },
        },
      };
    },
  };
});

// The whole server (portal and public APIs on one origin, as in production), quotes from the bundled data.
const portal = setUpScreenPortal({ ROLE: 'all', QUOTES_INGEST: 'off', CEP_UPSTREAM: 'off' });
const SLOW = { timeout: 90_000 };

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function openTryIt(language: 'en' | 'pt-BR') {
  await portal.app.renderApp('/quick-start', language);
  const title = language === 'en' ? '3. Try it' : '3. Experimente';
  const heading = await screen.findByRole('heading', { name: title });
  return within(heading.closest('section') as HTMLElement);
}

describe('Quick Start "Try it" through @cotacep/client', () => {
  it('calls the quotes API anonymously through the client and shows status, headers and body', async () => {
    made.clients.length = 0;
    made.rawCalls.length = 0;
    const panel = await openTryIt('en');
    fireEvent.click(panel.getByRole('radio', { name: 'Quotes' }));
    type(panel.getByRole('textbox', { name: /^Currency pairs/ }), 'usd-brl');
    fireEvent.click(panel.getByRole('button', { name: 'Send' }));

    expect(await panel.findByText('200 · success', {}, { timeout: 15_000 })).toBeTruthy();
    expect(made.clients).toEqual([
      expect.objectContaining({ baseUrl: window.location.origin, token: undefined, language: 'en' }),
    ]);
    expect(made.rawCalls).toEqual(['quotes.last(USD-BRL)']);
    expect(panel.getByRole('rowheader', { name: 'x-quote-source' })).toBeTruthy();
    expect(panel.getByRole('rowheader', { name: 'x-quote-as-of' })).toBeTruthy();
    expect(panel.getByRole('rowheader', { name: 'content-type' })).toBeTruthy();
    const body = panel.getByRole('region', { name: 'Response body' }).textContent ?? '';
    expect(JSON.parse(body.slice(body.indexOf('{')))).toMatchObject({
      USDBRL: { code: 'USD', codein: 'BRL', name: 'Dólar Americano/Real Brasileiro' },
    });
  });

  it('sends a pasted key’s secret through the client and shows the quota it left', SLOW, async () => {
    made.clients.length = 0;
    const tokens = await portal.server.createUser(`try-it-${Date.now()}@example.com`);
    portal.session.setSession(tokens);
    const input = { description: 'Loja', kind: 'public', allowedOrigins: '*' };
    const created = await portal.server.call<KeyWithSecret>('POST', '/keys', input, tokens.accessToken);
    expect(created.status).toBe(201);
    const { secret } = created.body;

    const panel = await openTryIt('pt-BR');
    type(await screen.findByLabelText('Cole o segredo do token'), secret);
    fireEvent.click(screen.getByRole('button', { name: 'Usar este segredo' }));
    fireEvent.click(panel.getByRole('radio', { name: 'Cotações' }));
    type(panel.getByRole('textbox', { name: /^Pares de moedas/ }), 'USD-BRL,EUR-BRL');
    fireEvent.click(panel.getByRole('button', { name: 'Enviar' }));

    expect(await panel.findByText('200 · sucesso', {}, { timeout: 15_000 })).toBeTruthy();
    expect(made.clients.at(-1)).toMatchObject({ token: secret, language: 'pt-BR' });
    const quota = panel.getByRole('rowheader', { name: 'x-quota-remaining' }).nextElementSibling;
    expect(Number(quota?.textContent)).toBeGreaterThan(0);
    expect(panel.getByRole('region', { name: 'Corpo da resposta' }).textContent).toContain('"EURBRL"');
  });

  it('shows the API’s own refusal for a CEP the data does not hold, without throwing', async () => {
    const panel = await openTryIt('en');
    type(panel.getByRole('textbox', { name: /^CEP/ }), '99999-999');
    fireEvent.click(panel.getByRole('button', { name: 'Send' }));
    expect(await panel.findByText(/^404 · request refused$/, {}, { timeout: 15_000 })).toBeTruthy();
    expect(panel.getByRole('region', { name: 'Response body' }).textContent).toContain('"not_found"');
    expect(made.rawCalls.at(-1)).toBe('cep.lookup(99999999)');
  });
});
