import { COMPANY, formatCompanyAddress } from '@cotacep/shared/company';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '#web/test/test-utils.tsx';

const PAGES = [
  ['/faq', 'Perguntas frequentes', 'Frequently asked questions'],
  ['/about', 'Sobre o Cotacep', 'About Cotacep'],
  ['/terms', 'Termos de Uso do Site', 'Website Terms of Use'],
  ['/privacy', 'Política de Privacidade', 'Privacy Policy'],
  ['/terms-of-service', 'Termos de Serviço', 'Terms of Service'],
] as const;

describe('informational pages', () => {
  it.each(PAGES)('%s has its title in Portuguese and in English', async (path, portuguese, english) => {
    const view = await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: portuguese })).toBeTruthy();
    view.unmount();
    await renderApp(path, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: english })).toBeTruthy();
  });

  it('lists the contents of a long document as links to its sections', async () => {
    await renderApp('/privacy', 'en');
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    const link = within(toc).getByRole('link', { name: '7. Your rights (LGPD art. 18)' });
    expect(link.getAttribute('href')).toBe('#rights');
    expect(screen.getByRole('heading', { level: 2, name: '7. Your rights (LGPD art. 18)' }).id).toBe(
      'rights',
    );
    expect(screen.getByText('Last updated: 26 Nov 2026')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'contact form' })[0]?.getAttribute('href')).toBe('/contact');
  });

  it.each([
    ['pt-BR', '7. Os seus direitos (art. 18 da LGPD)', 'Baixar meus dados', 'Encerrar conta', /5 anos/],
    ['en', '7. Your rights (LGPD art. 18)', 'Download my data', 'Close my account', /5 years/],
  ] as const)(
    'in %s, names both self-service rights in the rights section and links to them',
    async (language, heading, download, close, term) => {
      await renderApp('/privacy', language);
      const section = (await screen.findByRole('heading', { level: 2, name: heading })).parentElement!;
      for (const name of [download, close]) {
        expect(within(section).getByRole('link', { name }).getAttribute('href')).toBe(
          '/account/settings?tab=privacy',
        );
      }
      // Invoices outlive the closure for the tax law's term.
      expect(within(section).getByText(term)).toBeTruthy();
    },
  );

  it('answers the FAQ in an accordion under topic headings', async () => {
    await renderApp('/faq');
    expect(await screen.findByRole('heading', { level: 2, name: 'Cotas e o que conta' })).toBeTruthy();
    const question = screen.getByRole('button', { name: 'Quais chamadas usam a minha cota mensal?' });
    expect(question.getAttribute('aria-expanded')).toBe('false');
    expect(question.closest('h3')).toBeTruthy();
  });

  it('links every page from the footer', async () => {
    await renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    for (const [path, portuguese] of [
      ['/faq', 'Perguntas frequentes'],
      ['/about', 'Sobre'],
      ['/terms', 'Termos de Uso do Site'],
      ['/privacy', 'Política de Privacidade'],
      ['/terms-of-service', 'Termos de Serviço'],
    ]) {
      expect(within(footer).getByRole('link', { name: portuguese }).getAttribute('href')).toBe(path);
    }
  });

  it('keeps only legal pages under Legal, one terms page per kind, each named for what it covers', async () => {
    await renderApp('/', 'en');
    const footer = await screen.findByRole('contentinfo');
    const column = (name: string) =>
      within(within(footer).getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
    expect(column('Legal')).toEqual([
      'Website Terms of Use /terms',
      'Terms of Service /terms-of-service',
      'Privacy Policy /privacy',
    ]);
    expect(column('Company')).toEqual(['About /about', 'Contact /contact']);
    expect(column('Product')).toContain('FAQ /faq');
    expect(within(footer).getAllByRole('link', { name: /terms/i })).toHaveLength(2);
  });

  it.each(['pt-BR', 'en'] as const)(
    'shows on the contact page the controller and e-mail the privacy policy names (%s)',
    async (language) => {
      const privacy = await renderApp('/privacy', language);
      const controller = (await screen.findByRole('heading', { level: 2, name: /^1\. / })).parentElement!;
      for (const expected of [COMPANY.legalName, COMPANY.cnpj, formatCompanyAddress(), COMPANY.email]) {
        expect(controller.textContent, expected).toContain(expected);
      }
      privacy.unmount();

      await renderApp('/contact', language);
      const card = within(await screen.findByRole('region', { name: COMPANY.legalName }));
      expect(card.getByText(`CNPJ ${COMPANY.cnpj}`)).toBeTruthy();
      for (const line of COMPANY.addressLines) expect(card.getByText(line)).toBeTruthy();
      expect(card.getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(
        `mailto:${COMPANY.email}`,
      );
    },
  );

  it('links the terms of service and the privacy policy from the sign-up form', async () => {
    await renderApp('/auth/signup');
    const consent = (await screen.findByText(/Ao criar a conta, você aceita os/)).closest('p') as HTMLElement;
    expect(within(consent).getByRole('link', { name: 'Termos de Serviço' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(within(consent).getByRole('link', { name: 'Política de Privacidade' }).getAttribute('href')).toBe(
      '/privacy',
    );
  });
});
