import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real server with the public APIs (ROLE=all), so its CEP document is the one the page reads. English
// first: the first render's language is the detected one (en in happy-dom) while i18next initialises.
const portal = setUpScreenPortal({ ROLE: 'all' });

const SLOW = { timeout: 40_000 };

describe('the API reference', () => {
  it('speaks English only, the document’s texts included', SLOW, async () => {
    const { container } = await portal.app.renderApp('/docs/cep', 'en');
    const operation = await screen.findByRole('article', { name: 'Address of a CEP (JSON)' });
    expect(within(operation).getByRole('heading', { name: 'Parameters' })).toBeTruthy();
    expect(within(operation).getAllByText('Required').length).toBeGreaterThan(0);
    expect(within(operation).getByRole('heading', { name: 'Responses' })).toBeTruthy();
    // The intro and its section titles too (issue 23): they were Portuguese on the English page.
    expect(screen.getByText('Cotacep — CEP API')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Access' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/Acesso|Envie seu token|Endereço de um CEP/);
  });

  it('speaks Portuguese only on the pt-BR page, operations and answers included', SLOW, async () => {
    const { container } = await portal.app.renderApp('/docs/cep', 'pt-BR');
    const operation = await screen.findByRole('article', { name: 'Endereço de um CEP (JSON)' });
    expect(within(operation).getByText(/^8 dígitos;/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Acesso' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/Address of a CEP|8 digits|Missing token|## Access/);
  });

  it('describes the errors every operation shares once, and each operation links to them', SLOW, async () => {
    await portal.app.renderApp('/docs/cep', 'pt-BR');
    const operation = await screen.findByRole('article', { name: 'Endereço de um CEP (JSON)' });
    // The operation keeps its own answers and only names the shared ones, each a link.
    expect(within(operation).getByRole('button', { name: /^200/ })).toBeTruthy();
    expect(within(operation).queryByRole('button', { name: /^401/ })).toBeNull();
    const link = within(operation).getByRole('link', { name: '401' });
    const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
    expect(target?.textContent).toContain('Token ausente');
    // The quota headers: named on the answer, described once.
    expect(within(operation).queryByText('Requisições por mês no plano (chamadas com token).')).toBeNull();
    for (const header of ['X-Quota-Limit', 'X-Quota-Remaining', 'X-Quota-Reset']) {
      expect(within(operation).getByText(header)).toBeTruthy();
    }
    const common = screen.getByRole('region', { name: 'Erros comuns' });
    expect(within(common).getAllByText('Requisições por mês no plano (chamadas com token).')).toHaveLength(1);
    expect(within(common).getAllByRole('article').length).toBeGreaterThanOrEqual(3);
    // One section for all: the XML operation's answers link to the same place.
    const xml = screen.getByRole('article', { name: 'Endereço de um CEP (XML)' });
    expect(within(xml).getByRole('link', { name: '403' })).toBeTruthy();
  });

  it('shows "Obrigatório" whole and explains only the methods a read-only API has', SLOW, async () => {
    await portal.app.renderApp('/docs/cep', 'pt-BR');
    const operation = await screen.findByRole('article', { name: 'Endereço de um CEP (JSON)' });
    // A badge's label is cut with an ellipsis in a narrow column; the mark is plain text that never wraps.
    for (const required of within(operation).getAllByText('Obrigatório')) {
      expect(required.closest('.mantine-Badge-root')).toBeNull();
      expect(required.className).toMatch(/required/);
    }
    expect(screen.getByText('Lê, sem mudar nada')).toBeTruthy();
    expect(screen.queryByText('Cria ou executa uma ação')).toBeNull();
    expect(screen.queryByText('Remove')).toBeNull();
  });

  it(
    'renders the CEP document: an operation, its parameter with its pattern, its responses',
    SLOW,
    async () => {
      const { container } = await portal.app.renderApp('/docs/cep', 'pt-BR');
      const operation = await screen.findByRole('article', { name: 'Endereço de um CEP (JSON)' });
      expect(operation.id).toBe('get-cep-json-cep');
      expect(within(operation).getByText('GET')).toBeTruthy();
      expect(within(operation).getByText('/cep/json/{cep}')).toBeTruthy();
      expect(within(operation).getByRole('heading', { name: 'Parâmetros' })).toBeTruthy();
      // The first table is the parameters'; the open 200 answer has its headers' table too.
      const [parameters] = within(operation).getAllByRole('table') as [HTMLElement];
      expect(within(parameters).getByText('cep')).toBeTruthy();
      expect(within(parameters).getByText('Obrigatório')).toBeTruthy();
      expect(within(parameters).getByText('caminho')).toBeTruthy();
      expect(within(parameters).getByText('^\\d{5}-?\\d{3}$')).toBeTruthy();
      expect(within(operation).getByRole('heading', { name: 'Respostas' })).toBeTruthy();
      expect(within(operation).getByRole('button', { name: /^200/ })).toBeTruthy();
      expect(within(operation).getByRole('button', { name: /^404/ })).toBeTruthy();
      expect(within(operation).getByRole('link', { name: '429' })).toBeTruthy();
      // The 200 answer is open: its schema, resolved from components.
      expect(within(operation).getAllByText('city_ibge').length).toBeGreaterThan(0);
      expect(within(operation).getByRole('button', { name: 'Copiar curl' })).toBeTruthy();
      expect(container.textContent).toContain(`curl '${portal.server.url}/cep/json/`);
      expect(screen.getByRole('heading', { level: 1, name: 'API de CEP' })).toBeTruthy();
      expect(screen.getByText('Cotacep — API de CEP')).toBeTruthy();
      expect(screen.getByText('Envie seu token de API no cabeçalho x-api-key.')).toBeTruthy();
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
