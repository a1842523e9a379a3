import type { TokenSet } from '@cotacep/shared/auth-responses';
import type { LatestDataExport } from '@cotacep/shared/privacy-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addMember, getDefaultOrganizationId } from '#web/test/portal-organizations.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server behind the screens (decision 024): its own privacy worker prepares the files.
const portal = setUpScreenPortal();

const PASSWORD = 'a long enough password';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function signIn(label: string) {
  const email = uniqueEmail(label);
  const tokens = await portal.server.createUser(email, PASSWORD);
  portal.session.setSession(tokens);
  return { email, tokens };
}

/** The newest e-mail to `to` whose subject matches, from the development mailbox. */
async function readMail(to: string, subject: RegExp) {
  const { body } = await portal.server.call<{ messages: { text: string; subject: string | null }[] }>(
    'GET',
    `/dev/mailbox?${new URLSearchParams({ to })}`,
  );
  const mail = body.messages.find((message) => subject.test(message.subject ?? ''));
  if (!mail) throw new Error(`no e-mail "${subject}" to ${to}`);
  return mail;
}

// A sign-up (argon2) per test, the worker's pass and the screen's polling every 3 s.
const SLOW = { timeout: 60_000 };
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('Privacy tab: download my data', () => {
  it(
    'asks for the file, shows it being prepared, then ready; the e-mailed page lets its owner save it',
    SLOW,
    async () => {
      const { email, tokens } = await signIn('export');
      await portal.app.renderApp('/account/settings?tab=privacy', 'pt-BR');
      expect(await screen.findByRole('tab', { name: 'Privacidade', selected: true })).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Baixar meus dados' }));
      expect(await screen.findByText(/Preparando seu arquivo/)).toBeTruthy();

      const ready = await screen.findByRole(
        'status',
        { name: 'Seu arquivo está pronto' },
        { timeout: 20_000 },
      );
      expect(within(ready).getByText(/Você pode baixá-lo até/)).toBeTruthy();
      const { body } = await portal.server.call<LatestDataExport>(
        'GET',
        '/account/export',
        undefined,
        tokens.accessToken,
      );
      const id = body.export!.id;
      const mail = await readMail(email, /prontos para baixar/);
      expect(mail.text).toContain(`/account/data-export/${id}`);

      fireEvent.click(within(ready).getByRole('link', { name: 'Baixar o arquivo' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Seus dados pessoais' })).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Salvar o arquivo' })).toBeTruthy();
    },
  );

  it('the download page signed in as someone else says the file is not available', SLOW, async () => {
    const owner = await portal.server.createUser(uniqueEmail('owner'), PASSWORD);
    const { body } = await portal.server.call<{ id: string }>(
      'POST',
      '/account/export',
      undefined,
      owner.accessToken,
    );
    await signIn('someone-else');
    await portal.app.renderApp(`/account/data-export/${body.id}`, 'en');
    expect(await screen.findByRole('alert', { name: 'This file is not available' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the file' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Privacy settings' }).getAttribute('href')).toBe(
      '/account/settings?tab=privacy',
    );
  });
});

describe('Privacy tab: close my account', () => {
  it(
    'while the only Owner of an organization with members: the reason and the way into it',
    SLOW,
    async () => {
      const { tokens } = await signIn('blocked-owner');
      const organizationId = await getDefaultOrganizationId(portal.server, tokens.accessToken);
      await addMember(portal.server, tokens.accessToken, organizationId, uniqueEmail('member'), 'admin');
      await portal.app.renderApp('/account/settings?tab=privacy', 'en');
      fireEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Close your account' });
      expect(await within(dialog).findByText('You cannot close your account yet')).toBeTruthy();
      expect(within(dialog).getByText(/It has other members/)).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: /^Open / })).toBeTruthy();
      expect(within(dialog).queryByLabelText(/Password/)).toBeNull();
    },
  );

  it('a wrong password is refused and changes nothing', SLOW, async () => {
    const { tokens } = await signIn('wrong-password');
    await portal.app.renderApp('/account/settings?tab=privacy', 'en');
    fireEvent.click(await screen.findByRole('button', { name: 'Close my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your account' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send code by e-mail' }));
    expect(await within(dialog).findByRole('status')).toBeTruthy();
    type(within(dialog).getByLabelText(/^Password/), 'not the password');
    type(within(dialog).getByRole('textbox', { name: /Code sent by e-mail/ }), '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The password or code is incorrect or has expired.');
    expect((await portal.server.call('GET', '/account', undefined, tokens.accessToken)).status).toBe(200);
  });

  it(
    'closes with the password and the e-mailed code, signs out to the date; signing in again cancels it and says so',
    SLOW,
    async () => {
      const { email } = await signIn('closing');
      const view = await portal.app.renderApp('/account/settings?tab=privacy', 'pt-BR');
      fireEvent.click(await screen.findByRole('button', { name: 'Encerrar conta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Encerrar sua conta' });
      expect(await within(dialog).findByText(/seus dados pessoais são anonimizados/)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código por e-mail' }));
      expect((await within(dialog).findByRole('status')).textContent).toMatch(/Enviamos um código para/);
      const code = await portal.server.readCode(email, 'email', /encerramento/);
      type(within(dialog).getByLabelText(/^Senha/), PASSWORD);
      type(within(dialog).getByRole('textbox', { name: /Código enviado por e-mail/ }), code);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Encerrar minha conta' }));

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Sua conta está sendo encerrada' }),
      ).toBeTruthy();
      expect(screen.getByText(/Entre na sua conta antes de \d+ de \S+ de \d{4}/)).toBeTruthy();
      expect(view.router.state.location.pathname).toBe('/account/closed');
      expect(portal.session.isAuthenticated()).toBe(false);
      view.unmount();

      // Signing in again (as the login page does with the answer) cancels the closure, and the site says so.
      const login = await portal.server.call<TokenSet>('POST', '/auth/login', { email, password: PASSWORD });
      expect(login.body.closureCancelled).toBe(true);
      portal.session.setSession(login.body);
      await portal.app.renderApp('/account/settings', 'pt-BR');
      const notice = await screen.findByRole('status', { name: 'O encerramento da sua conta foi cancelado' });
      fireEvent.click(within(notice).getByRole('button', { name: 'Fechar' }));
      await waitFor(() =>
        expect(
          screen.queryByRole('status', { name: 'O encerramento da sua conta foi cancelado' }),
        ).toBeNull(),
      );
    },
  );
});
