import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Window as HappyDomWindow } from 'happy-dom';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '#web/lib/test-storage.ts';
import { type PortalServer, startPortalServer } from '#web/test/portal-server.ts';

// The real portal server; a low per-IP limit so that the server's refusal can be seen in the form.
let server: PortalServer;
let providers: typeof import('#web/app/app-providers.tsx');
let page: typeof import('./contact-page.tsx');
let session: typeof import('#web/lib/session/session-store.ts');
let i18n: typeof import('#web/i18n/i18n.ts');

beforeAll(async () => {
  server = await startPortalServer({ AUTH_RATE_LIMIT_MAX: '5' });
  (window as unknown as HappyDomWindow).happyDOM.setURL(`${server.url}/`);
  providers = await import('#web/app/app-providers.tsx');
  page = await import('./contact-page.tsx');
  session = await import('#web/lib/session/session-store.ts');
  i18n = await import('#web/i18n/i18n.ts');
}, 120_000);
afterAll(() => server?.close());
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 15_000 });

const SLOW = { timeout: 30_000 };
const TEAM = 'contato@cotacep.local';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function renderPage(language: 'pt-BR' | 'en') {
  i18n.initI18n();
  // As its lazy route does: the screens' texts are not bundled with the landing (decision 016).
  await i18n.loadScreenTexts();
  await i18next.changeLanguage(language);
  render(
    <providers.AppProviders persistStorage={new MemoryStorage()}>
      <page.ContactPage />
    </providers.AppProviders>,
  );
  await screen.findByRole('heading', { level: 1 });
}

type Mailbox = { messages: { subject: string | null; text: string }[] };
const mailbox = async (to: string) =>
  (await server.call<Mailbox>('GET', `/dev/mailbox?to=${to}`)).body.messages;

describe('contact page', () => {
  it('checks the fields, sends the message and acknowledges it in Portuguese', SLOW, async () => {
    await renderPage('pt-BR');
    expect(screen.getByRole('heading', { name: 'Fale conosco' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('Por favor, informe seu nome')).toBeTruthy();
    expect(screen.getByText('Por favor, informe seu e-mail')).toBeTruthy();
    expect(screen.getByText('Por favor, escreva sua mensagem')).toBeTruthy();

    const email = uniqueEmail('visitor');
    type(screen.getByRole('textbox', { name: /^Nome/ }), 'Ana Souza');
    type(screen.getByRole('textbox', { name: /^E-mail/ }), email);
    const message = screen.getByRole('textbox', { name: /^Mensagem/ });
    type(message, 'Curta');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await screen.findByText('A mensagem deve ter entre 10 e 5000 caracteres')).toBeTruthy();

    type(message, 'Vocês têm um plano para 50 milhões de consultas por mês?');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Mensagem enviada com sucesso. Responderemos por e-mail em breve.',
    );
    expect(message).toHaveProperty('value', '');
    const [acknowledgement] = await mailbox(email);
    expect(acknowledgement?.subject).toBe('Recebemos sua mensagem — Cotacep');
  });

  it('fills in a signed-in customer’s name and e-mail and notes the account', SLOW, async () => {
    const email = uniqueEmail('customer');
    session.setSession(await server.createUser(email));
    await renderPage('en');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveProperty('value', 'Tess Tester');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveProperty('value', email);
    type(screen.getByRole('textbox', { name: /^Company/ }), 'Tester Ltda');
    type(screen.getByRole('textbox', { name: /^Message/ }), 'Please tell me about invoices in USD.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Message sent successfully. We will answer you by email soon.',
    );
    const [acknowledgement] = await mailbox(email);
    expect(acknowledgement?.subject).toBe('We received your message — Cotacep');
    const team = (await mailbox(TEAM)).find((mail) => mail.text.includes('Empresa: Tester Ltda'));
    expect(team?.text).toContain(`Conta: ${String(session.getUser()?.sub)}`);
  });

  it('shows the server’s refusal and keeps what was typed', SLOW, async () => {
    const body = {
      topic: 'general',
      name: 'Bot',
      email: uniqueEmail('bot'),
      message: 'Filling the limit up.',
    };
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 429; attempt += 1) {
      status = (await server.call('POST', '/contact', body)).status;
    }
    expect(status).toBe(429);
    await renderPage('pt-BR');
    type(screen.getByRole('textbox', { name: /^Nome/ }), 'Ana');
    type(screen.getByRole('textbox', { name: /^E-mail/ }), uniqueEmail('late'));
    const message = screen.getByRole('textbox', { name: /^Mensagem/ });
    type(message, 'Uma pergunta sobre a API de CEP.');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Limite de tentativas excedido, tente novamente mais tarde.',
      ),
    );
    expect(message).toHaveProperty('value', 'Uma pergunta sobre a API de CEP.');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
