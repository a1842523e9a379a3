import type { TokenSet } from '@cotacep/shared/auth-responses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startCheckout } from '#web/test/billing-fixtures.ts';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// Issue 23 item 3, against the real portal server (test-mode payments).
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
const PASSWORD = 'a long enough password';
let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const redirectOf = (search: string) => new URLSearchParams(search).get('redirect');

async function submitLogin(email: string, button: string) {
  type(await screen.findByRole('textbox', { name: /mail/ }), email);
  type(screen.getByLabelText(/^(Senha|Password)/), PASSWORD);
  fireEvent.click(screen.getByRole('button', { name: button }));
}

async function fillSignup(email: string) {
  type(await screen.findByLabelText(/^First Name/), 'Ana');
  type(screen.getByLabelText(/^Last Name/), 'Lima');
  type(screen.getByRole('textbox', { name: /Email/ }), email);
  type(screen.getByLabelText(/^Password/), PASSWORD);
  type(screen.getByLabelText(/^Confirm Password/), PASSWORD);
  fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('signing in', () => {
  it('lands on the dashboard, not on the account settings', SLOW, async () => {
    const email = uniqueEmail('landing');
    await portal.server.createUser(email);
    const { router } = await portal.app.renderApp('/auth/login', 'pt-BR');
    await submitLogin(email, 'Entrar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('confirming the sign-up', () => {
  it('signs in, in the browser that signed up: the dashboard, no password typed again', SLOW, async () => {
    const email = uniqueEmail('confirmed');
    const { router } = await portal.app.renderApp('/auth/signup', 'en');
    await fillSignup(email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup/confirm'));

    type(await screen.findByLabelText(/^Code/), await portal.server.readCode(email));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(portal.session.getUser()?.email).toBe(email);
    expect(await screen.findByText('Account confirmed. Welcome!')).toBeTruthy();
  });
});

/** A signed-in session, then ended from another device (a second session) through the sessions endpoint. */
async function endedSession(email: string) {
  portal.session.setSession(await portal.server.createUser(email));
  const other = (await portal.server.call<TokenSet>('POST', '/auth/login', { email, password: PASSWORD }))
    .body;
  const listed = await portal.server.call<{ sessions: { id: string; current: boolean }[] }>(
    'GET',
    '/account/sessions',
    undefined,
    other.accessToken,
  );
  const ended = listed.body.sessions.find((session) => !session.current)!;
  await portal.server.call('DELETE', `/account/sessions/${ended.id}`, undefined, other.accessToken);
}

describe('a session ended elsewhere', () => {
  it(
    'clears the user and sends the visitor to the login, which says why and returns to the page',
    SLOW,
    async () => {
      const email = uniqueEmail('revoked');
      await endedSession(email);

      const { router } = await portal.app.renderApp('/projects', 'pt-BR');
      expect(
        await screen.findByText('Sua sessão foi encerrada. Entre novamente para continuar.'),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(redirectOf(router.state.location.search)).toBe('/projects');
      expect(portal.session.getAccessToken()).toBeNull();
      expect(screen.queryByText('Autenticação necessária')).toBeNull();

      await submitLogin(email, 'Entrar');
      await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    },
  );

  it(
    'is found on loading a page that asks the server nothing (its data may come from the cache)',
    SLOW,
    async () => {
      await endedSession(uniqueEmail('revoked-landing'));
      const { router } = await portal.app.renderApp('/', 'en');
      expect(await screen.findByText('Your session has ended. Log in again to continue.')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/auth/login');
      expect(redirectOf(router.state.location.search)).toBe('/');
      expect(portal.session.getAccessToken()).toBeNull();
    },
  );
});

describe('a visitor who chose a plan', () => {
  it('is told on the sign-up page which plan comes next', SLOW, async () => {
    const { router } = await portal.app.renderApp('/pricing', 'pt-BR');
    const basic = await screen.findByRole('article', { name: 'Basic' });
    fireEvent.click(within(basic).getByRole('button', { name: 'Comprar agora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Depois do cadastro, você segue para a compra do plano Basic (Mensal).',
    );
    // The Free plan's pitch would contradict it.
    expect(screen.queryByText('Plano Free sem cartão de crédito.')).toBeNull();
  });
});

describe('a checkout already open', () => {
  it('offers "Continue checkout" first and disables the other purchases, saying why', SLOW, async () => {
    const tokens = await portal.server.createUser(uniqueEmail('open-checkout'));
    portal.session.setSession(tokens);
    const id = await startCheckout(portal.server, tokens.accessToken, 'pro', 'monthly');
    const { router } = await portal.app.renderApp('/pricing', 'en');

    const notice = (await screen.findByText(/You started buying Pro \(Monthly\)/)).closest(
      '.mantine-Alert-root',
    ) as HTMLElement;
    const actions = [...notice.querySelectorAll<HTMLElement>('a, button')];
    expect(actions.map((action) => action.textContent)).toEqual([
      'Continue checkout',
      'Cancel the open purchase',
    ]);
    const reason = 'Finish or cancel the open purchase before choosing another plan.';
    for (const plan of ['Basic', 'Pro', 'Business']) {
      const button = within(screen.getByRole('article', { name: plan })).getByRole('button', {
        name: 'Buy Now',
      });
      expect(button).toHaveProperty('disabled', true);
      expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        reason,
      );
    }

    fireEvent.click(actions[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/billing/checkout/${id}`));
  });

  it('lets the customer cancel it, and the plans can be bought again', SLOW, async () => {
    const tokens = await portal.server.createUser(uniqueEmail('cancel-checkout'));
    portal.session.setSession(tokens);
    await startCheckout(portal.server, tokens.accessToken, 'basic', 'monthly');
    await portal.app.renderApp('/pricing', 'en');

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the open purchase' }));
    const basic = () =>
      within(screen.getByRole('article', { name: 'Basic' })).getByRole('button', { name: 'Buy Now' });
    await waitFor(() => expect(basic()).toHaveProperty('disabled', false));
    expect(screen.queryByRole('button', { name: 'Continue checkout' })).toBeNull();
    expect(basic().getAttribute('aria-describedby')).toBeNull();
  });
});
