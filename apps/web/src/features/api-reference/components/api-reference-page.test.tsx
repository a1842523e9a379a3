import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real server with the public APIs (ROLE=all), so its CEP document is the one the page reads. English
// first: the first render's language is the detected one (en in happy-dom) while i18next initialises.
const portal = setUpScreenPortal({ ROLE: 'all' });

const SLOW = { timeout: 40_000 };

describe('the API reference', () => {
  it('speaks English around the document’s own texts', SLOW, async () => {
    await portal.app.renderApp('/docs/cep', 'en');
    const operation = await screen.findByRole('article', { name: 'Address of a CEP (JSON)' });
    expect(within(operation).getByRole('heading', { name: 'Parameters' })).toBeTruthy();
    expect(within(operation).getAllByText('required').length).toBeGreaterThan(0);
    expect(within(operation).getByRole('heading', { name: 'Responses' })).toBeTruthy();
  });

  it(
    'renders the CEP document: an operation, its parameter with its pattern, its responses',
    SLOW,
    async () => {
      const { container } = await portal.app.renderApp('/docs/cep', 'pt-BR');
      const operation = await screen.findByRole('article', { name: 'Address of a CEP (JSON)' });
      expect(operation.id).toBe('get-cep-json-cep');
      expect(within(operation).getByText('GET')).toBeTruthy();
      expect(within(operation).getByText('/cep/json/{cep}')).toBeTruthy();
      expect(within(operation).getByRole('heading', { name: 'Parâmetros' })).toBeTruthy();
      // The first table is the parameters'; the open 200 answer has its headers' table too.
      const [parameters] = within(operation).getAllByRole('table') as [HTMLElement];
      expect(within(parameters).getByText('cep')).toBeTruthy();
      expect(within(parameters).getByText('obrigatório')).toBeTruthy();
      expect(within(parameters).getByText('caminho')).toBeTruthy();
      expect(within(parameters).getByText('^\\d{5}-?\\d{3}$')).toBeTruthy();
      expect(within(operation).getByRole('heading', { name: 'Respostas' })).toBeTruthy();
      expect(within(operation).getByRole('button', { name: /^200/ })).toBeTruthy();
      expect(within(operation).getByRole('button', { name: /^404/ })).toBeTruthy();
      expect(within(operation).getByRole('button', { name: /^429/ })).toBeTruthy();
      // The 200 answer is open: its schema, resolved from components.
      expect(within(operation).getAllByText('city_ibge').length).toBeGreaterThan(0);
      expect(within(operation).getByRole('button', { name: 'Copiar curl' })).toBeTruthy();
      expect(container.textContent).toContain(`curl '${portal.server.url}/cep/json/`);
      expect(screen.getByRole('heading', { level: 1, name: 'API de CEP' })).toBeTruthy();
      expect(screen.getByText('Cotacep — API de CEP')).toBeTruthy();
      expect(screen.getByText('Envie sua chave de API no cabeçalho x-api-key.')).toBeTruthy();
    },
  );

  it('lists the three APIs on /docs and answers an unknown API with the not-found page', SLOW, async () => {
    const { router } = await portal.app.renderApp('/docs', 'en');
    for (const name of ['Quotes API', 'CEP API', 'Portal API']) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Open the Quick Start' }).getAttribute('href')).toBe(
      '/quick-start',
    );
    await router.navigate('/docs/nothing');
    expect(await screen.findByText('404')).toBeTruthy();
  });
});
