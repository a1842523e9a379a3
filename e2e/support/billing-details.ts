import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The billing details form (issue 27) as a person fills it, in either language: on the Billing tab, or inline
 * on a checkout in dollars that has none yet.
 */
export const billingDetailsForm = (page: Page): Locator =>
  page.locator('main').getByRole('form', { name: /^(Dados de cobrança|Billing details)$/ });

/** What the CEP field says once the lookup has answered, whatever this server's CEP sources know. */
const CEP_ANSWERED =
  /(preenchido pelo CEP|filled in from the CEP|Não encontramos este CEP|could not find this CEP|busca de CEP está indisponível|lookup is unavailable)/;

/**
 * A Brazilian buyer with a valid CPF. The CEP goes first and its lookup is let finish; the address is then
 * typed as that CEP's, so whether this server's CEP sources know it changes nothing.
 */
export async function fillBrazilianDetails(page: Page, email: string, legalName = 'Bia Cota ME') {
  const form = billingDetailsForm(page);
  await form.getByLabel(/^(País|Country)/).selectOption('BR');
  await form.getByLabel(/^CEP/).fill('01310-100');
  await expect(form.getByText(CEP_ANSWERED)).toBeVisible({ timeout: 30_000 });
  await form.getByLabel(/^(Razão social|Legal name)/).fill(legalName);
  await form.getByLabel(/^(CPF ou CNPJ|CPF or CNPJ)/).fill('529.982.247-25');
  await form.getByLabel(/^(Logradouro|Street)/).fill('Avenida Paulista');
  await form.getByLabel(/^(Número|Number)/).fill('1000');
  await form.getByLabel(/^(Bairro|District)/).fill('Bela Vista');
  await form.getByLabel(/^(Cidade|City)/).fill('São Paulo');
  await form.getByLabel(/^(Estado \(UF\)|State \(UF\))/).selectOption('SP');
  await form.getByRole('textbox', { name: 'E-mail 1' }).fill(email);
}

/** A buyer in the United States: no CPF, the address as written there. */
export async function fillUsDetails(page: Page, email: string) {
  const form = billingDetailsForm(page);
  await form.getByLabel(/^(País|Country)/).selectOption('US');
  await form.getByLabel(/^(Nome ou razão social|Name or company name)/).fill('Ada Lovelace LLC');
  await form.getByLabel(/^(Endereço|Address)/).fill('1 Main Street');
  await form.getByLabel(/^(Cidade|City)/).fill('Springfield');
  await form.getByLabel(/^(Estado ou região|State or region)/).fill('IL');
  await form.getByLabel(/^(Código postal|Postal code)/).fill('62701');
  await form.getByRole('textbox', { name: 'E-mail 1' }).fill(email);
}

/** Saves the form and waits for the confirmation. */
export async function saveBillingDetails(page: Page) {
  await billingDetailsForm(page)
    .getByRole('button', { name: /^(Salvar dados de cobrança|Save billing details)$/ })
    .click();
  await expect(page.getByText(/^(Dados de cobrança salvos\.|Billing details saved\.)$/)).toBeVisible();
}
