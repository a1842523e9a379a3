import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_DETAILS, saveBillingDetails } from '#web/test/billing-fixtures.ts';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

/**
 * Issue 27 items 1 and 5: the Billing tab keeps the organization's billing details, in one place. The CEP
 * fills the address from Cotacep's own CEP API (ROLE all), whose upstream is a ViaCEP stand-in on loopback;
 * a CEP it does not know leaves the address to type. The real portal behind the screen.
 */
const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  ibge: '3550308',
  ddd: '11',
};

const env: Record<string, string> = { ROLE: 'all' };
let viaCep: http.Server;
beforeAll(async () => {
  viaCep = http.createServer((request, response) => {
    const found = request.url === '/ws/01310100/json/';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? PAULISTA : { erro: true }));
  });
  await new Promise<void>((resolve) => viaCep.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(viaCep.address() as AddressInfo).port}`;
  // Read when the portal starts (the next beforeAll): only the stand-in answers; the others refuse at once.
  Object.assign(env, {
    CEP_VIACEP_URL: url,
    CEP_BRASILAPI_URL: 'http://127.0.0.1:9',
    CEP_OPENCEP_URL: 'http://127.0.0.1:9',
  });
});
afterAll(() => new Promise((resolve) => viaCep.close(resolve)));
const portal = setUpScreenPortal(env);

const SLOW = { timeout: 40_000 };
let counter = 0;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const fieldValue = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

async function signIn(label: string) {
  const email = `${label}-${Date.now()}-${++counter}@example.com`;
  const tokens = await portal.server.createUser(email);
  portal.session.setSession(tokens);
  return tokens.accessToken;
}

async function openTab(language: 'pt-BR' | 'en') {
  const view = await renderScreen(portal, '/account/settings?tab=billing', language);
  const heading = await screen.findByRole('heading', {
    name: language === 'en' ? 'Billing details' : 'Dados de cobrança',
  });
  const section = heading.closest('.mantine-Card-root') as HTMLElement;
  // Loaded: the form (nothing saved yet) or the saved details with Edit.
  await within(section).findByRole('button', {
    name: /^(Save billing details|Salvar dados de cobrança|Edit billing details|Editar dados de cobrança)$/,
  });
  return { ...view, section };
}

const readDetails = async (token: string) =>
  (await portal.server.call<BillingDetails | null>('GET', '/billing/details', undefined, token)).body;

describe('Billing tab: billing details', () => {
  it('fills the street, district, city, UF and IBGE code from a typed CEP, and saves', SLOW, async () => {
    const token = await signIn('cep');
    const { section } = await openTab('pt-BR');
    // Nothing saved yet: the form is open, Brazil first.
    const form = within(section);
    expect(form.getByRole('combobox', { name: /^País/ })).toHaveProperty('value', 'BR');
    const cep = form.getByLabelText(/^CEP/);
    // The CEP comes before the street in the form's order.
    expect(
      cep.compareDocumentPosition(form.getByLabelText(/^Logradouro/)) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    type(cep, '01310-100');
    await waitFor(() => expect(fieldValue(/^Logradouro/)).toBe('Avenida Paulista'), { timeout: 10_000 });
    expect(fieldValue(/^Bairro/)).toBe('Bela Vista');
    expect(fieldValue(/^Cidade/)).toBe('São Paulo');
    expect(fieldValue(/^Estado \(UF\)/)).toBe('SP');
    expect(form.getByText('Código IBGE 3550308')).toBeTruthy();
    expect(form.getByText('Endereço preenchido pelo CEP: complete com o número.')).toBeTruthy();

    type(form.getByLabelText(/^Razão social/), 'Tess Tester');
    type(form.getByLabelText(/^CPF ou CNPJ/), '529.982.247-25');
    type(form.getByLabelText(/^Número/), '1000');
    type(form.getByRole('textbox', { name: 'E-mail 1' }), 'Tess@Example.com');
    fireEvent.click(form.getByRole('button', { name: 'Salvar dados de cobrança' }));

    expect(await screen.findByText('Dados de cobrança salvos.')).toBeTruthy();
    expect(await form.findByText('CPF: 529.982.247-25')).toBeTruthy();
    expect(form.getByText('Avenida Paulista, 1000 – Bela Vista')).toBeTruthy();
    expect(form.getByText('São Paulo – SP, 01310-100')).toBeTruthy();
    expect(await readDetails(token)).toMatchObject({
      taxId: '52998224725',
      postalCode: '01310100',
      district: 'Bela Vista',
      cityCode: '3550308',
      emails: ['tess@example.com'],
    });
  });

  it('says when a CEP does not exist and lets the address be typed', SLOW, async () => {
    const token = await signIn('cep-unknown');
    const { section } = await openTab('pt-BR');
    const form = within(section);
    type(form.getByLabelText(/^CEP/), '99999-999');
    expect(
      await form.findByText('Não encontramos este CEP: digite o endereço.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    type(form.getByLabelText(/^Razão social/), 'Tess Tester');
    type(form.getByLabelText(/^CPF ou CNPJ/), '12.ABC.345/01DE-35');
    type(form.getByLabelText(/^Logradouro/), 'Rua Nova');
    type(form.getByLabelText(/^Número/), 'S/N');
    type(form.getByLabelText(/^Bairro/), 'Centro');
    type(form.getByLabelText(/^Cidade/), 'Cidade Nova');
    type(form.getByLabelText(/^Estado \(UF\)/), 'MG');
    type(form.getByRole('textbox', { name: 'E-mail 1' }), 'tess@example.com');
    fireEvent.click(form.getByRole('button', { name: 'Salvar dados de cobrança' }));
    expect(await form.findByText('CNPJ: 12.ABC.345/01DE-35')).toBeTruthy();
    expect(await readDetails(token)).toMatchObject({
      postalCode: '99999999',
      city: 'Cidade Nova',
      cityCode: '',
    });
  });

  it('shows an invalid CPF under its field and saves nothing', SLOW, async () => {
    const token = await signIn('bad-cpf');
    const { section } = await openTab('pt-BR');
    const form = within(section);
    type(form.getByLabelText(/^CPF ou CNPJ/), '111.111.111-11');
    fireEvent.click(form.getByRole('button', { name: 'Salvar dados de cobrança' }));
    expect(await form.findByText('Por favor, informe um CPF ou CNPJ válido')).toBeTruthy();
    expect(form.getByText('Por favor, informe o número (S/N se não houver)')).toBeTruthy();
    expect(form.getByLabelText(/^CPF ou CNPJ/).getAttribute('aria-invalid')).toBe('true');
    expect(await readDetails(token)).toBeNull();
  });

  it('adds e-mails up to three, removes one, and refuses the same one twice', SLOW, async () => {
    const token = await signIn('emails');
    await saveBillingDetails(portal.server, token);
    const { section } = await openTab('en');
    const form = within(section);
    fireEvent.click(form.getByRole('button', { name: 'Edit billing details' }));
    const add = () => fireEvent.click(form.getByRole('button', { name: 'Add an e-mail' }));
    const emails = () => form.getAllByRole('textbox', { name: /^E-mail \d$/ }) as HTMLInputElement[];

    expect(emails().map((input) => input.value)).toEqual(['tess@example.com']);
    // One address cannot be removed: at least one receives the invoices.
    expect(form.queryByRole('button', { name: 'Remove e-mail 1' })).toBeNull();
    add();
    type(emails()[1]!, 'finance@example.com');
    add();
    type(emails()[2]!, 'TESS@example.com');
    expect(emails()).toHaveLength(3);
    expect(form.queryByRole('button', { name: 'Add an e-mail' })).toBeNull();

    fireEvent.click(form.getByRole('button', { name: 'Save billing details' }));
    expect(await form.findByText('This e-mail is already in the list')).toBeTruthy();
    expect(await readDetails(token)).toMatchObject({ emails: ['tess@example.com'] });

    fireEvent.click(form.getByRole('button', { name: 'Remove e-mail 1' }));
    expect(emails().map((input) => input.value)).toEqual(['finance@example.com', 'TESS@example.com']);
    // A line added and left empty is dropped on saving.
    add();
    expect(emails()).toHaveLength(3);
    fireEvent.click(form.getByRole('button', { name: 'Save billing details' }));
    const sentTo = await form.findByText(/^finance@example\.com, tess@example\.com$/);
    expect(sentTo.textContent).toBe('Invoices to: finance@example.com, tess@example.com');
    expect(await readDetails(token)).toMatchObject({ emails: ['finance@example.com', 'tess@example.com'] });
  });

  it('is where a purchase in reais without them is sent, and from where it goes on', SLOW, async () => {
    const token = await signIn('gate');
    const { router } = await renderScreen(portal, '/pricing', 'pt-BR');
    const basic = await screen.findByRole('article', { name: 'Basic' });
    const buy = within(basic).getByRole('button', { name: 'Comprar agora' }) as HTMLButtonElement;
    // Enabled once the organization's plan is known.
    await waitFor(() => expect(buy.disabled).toBe(false));
    fireEvent.click(buy);
    const refused = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(refused.textContent).toContain(
      'Para pagar em reais, preencha antes os dados de cobrança com CPF ou CNPJ na aba Faturamento.',
    );
    fireEvent.click(within(refused).getByRole('link', { name: 'Preencher os dados de cobrança' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
    expect(router.state.location.hash).toBe('#billing-details');
    const resume = new URLSearchParams(router.state.location.search).get('resume');
    expect(resume).toBe('/pricing?plan=basic&cycle=monthly&currency=BRL&checkout=1');

    await saveBillingDetails(portal.server, token);
    await router.navigate(
      `/account/settings?${new URLSearchParams({ tab: 'billing', resume: resume ?? '' })}`,
    );
    const goOn = await screen.findByRole('link', { name: 'Continuar a compra' });
    expect(goOn.getAttribute('href')).toBe(resume);
    // Only the pricing page's own purchase link is offered: nothing sends the customer elsewhere.
    await router.navigate('/account/settings?tab=billing&resume=https://evil.example/');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Continuar a compra' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Editar dados de cobrança' })).toBeTruthy();
  });

  it('keeps them from a Developer: no details, no form, and why', SLOW, async () => {
    const ownerToken = await signIn('owner');
    await saveBillingDetails(portal.server, ownerToken);
    const organizationId = await getDefaultOrganizationId(portal.server, ownerToken);
    const developer = await addMember(
      portal.server,
      ownerToken,
      organizationId,
      `developer-${Date.now()}-${++counter}@example.com`,
      'developer',
    );
    portal.session.setSession(developer);
    const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');
    setCurrentOrganizationId(organizationId);
    await renderScreen(portal, '/account/settings?tab=billing', 'en');
    expect(
      await screen.findByText('Your role (Developer) cannot see the plan, invoices or billing details.'),
    ).toBeTruthy();
    expect(screen.queryByText(BILLING_DETAILS.legalName)).toBeNull();
    expect(screen.queryByLabelText(/^CPF or CNPJ/)).toBeNull();
  });

  it('lets a Billing member edit them', SLOW, async () => {
    const ownerToken = await signIn('owner-billing');
    await saveBillingDetails(portal.server, ownerToken);
    const organizationId = await getDefaultOrganizationId(portal.server, ownerToken);
    const member = await addMember(
      portal.server,
      ownerToken,
      organizationId,
      `billing-${Date.now()}-${++counter}@example.com`,
      'billing',
    );
    portal.session.setSession(member);
    const { setCurrentOrganizationId } = await import('#web/lib/session/organization-store.ts');
    setCurrentOrganizationId(organizationId);
    const { section } = await openTab('en');
    const form = within(section);
    expect(await form.findByText(BILLING_DETAILS.legalName)).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Edit billing details' }));
    expect(fieldValue(/^State \(UF\)/)).toBe('SP');
    type(form.getByLabelText(/^Legal name/), 'Tess Tester ME');
    fireEvent.click(form.getByRole('button', { name: 'Save billing details' }));
    expect(await form.findByText('Tess Tester ME')).toBeTruthy();
    expect((await readDetails(ownerToken))?.legalName).toBe('Tess Tester ME');
  });
});
