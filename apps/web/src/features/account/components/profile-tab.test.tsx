import type { Account } from '@cotacep/shared/account-schemas';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server behind the screens (decision 024).
const portal = setUpScreenPortal();

let counter = 0;
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${++counter}@example.com`;

async function signIn(label: string) {
  const email = uniqueEmail(label);
  const tokens = await portal.server.createUser(email);
  portal.session.setSession(tokens);
  const readAccount = async () =>
    (await portal.server.call<Account>('GET', '/account', undefined, tokens.accessToken)).body;
  return { email, tokens, readAccount };
}

// Each test signs a user up through the API (argon2 hashing) before it renders anything; an e-mail change
// also mails the old address and ends the other sessions.
const SLOW = { timeout: 45_000 };

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe('e-mail change dialog', () => {
  it(
    'sends a code to the new address, refuses a taken or wrong one on its field, and changes on the right code',
    SLOW,
    async () => {
      const other = uniqueEmail('taken');
      await portal.server.createUser(other);
      const { email, readAccount } = await signIn('change-email');
      await portal.app.renderApp('/account/settings', 'pt-BR');

      fireEvent.click(await screen.findByRole('button', { name: 'Alterar e-mail' }));
      const dialog = await screen.findByRole('dialog', { name: 'Alterar e-mail' });
      const input = within(dialog).getByRole('textbox', { name: /Novo e-mail/ });
      type(input, 'not-an-email');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      expect(await within(dialog).findByText('Por favor, informe um e-mail válido')).toBeTruthy();

      type(input, other);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      expect(await within(dialog).findByText('Já existe uma conta com o e-mail informado.')).toBeTruthy();
      expect((await readAccount()).pendingEmail).toBeNull();

      const next = uniqueEmail('new-address');
      type(input, next);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar código' }));
      const prompt = await within(dialog).findByRole('status');
      expect(prompt.textContent).toContain('Por favor, verifique seu e-mail');
      expect(prompt.textContent).toMatch(/Informe o código que enviamos para n\*+@e\*+\.com\./);
      expect(within(dialog).getByRole('button', { name: /^Reenviar código em \d+ s$/ })).toHaveProperty(
        'disabled',
        true,
      );
      // Sending the code saved nothing else: the profile form behind the dialog did not submit.
      expect(screen.queryByText('Salvo com sucesso')).toBeNull();
      expect(await readAccount()).toMatchObject({ email, pendingEmail: next });

      const code = within(dialog).getByRole('textbox', { name: /Código/ });
      const right = await portal.server.readCode(next);
      type(code, right === '000000' ? '111111' : '000000');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
      expect(
        await within(dialog).findByText('Código de verificação inválido, tente novamente.'),
      ).toBeTruthy();
      expect((await readAccount()).email).toBe(email);

      type(code, right);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verificar' }));
      expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await readAccount()).toMatchObject({ email: next, pendingEmail: null });
      expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveProperty('value', next);
    },
  );

  it('shows a waiting change as "Please verify your email" and opens on its code step', SLOW, async () => {
    const { tokens } = await signIn('pending-email');
    const next = uniqueEmail('pending-new');
    await portal.server.call('POST', '/account/email', { email: next }, tokens.accessToken);
    await portal.app.renderApp('/account/settings', 'en');

    const alert = await screen.findByText('Please verify your email');
    expect(alert.closest('[role="alert"]')?.textContent).toContain(next);
    fireEvent.click(screen.getByRole('button', { name: 'Enter the code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    expect(within(dialog).getByRole('status').textContent).toContain(`Enter the code we sent to ${next}.`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await within(dialog).findByText('Please enter code')).toBeTruthy();
  });
});

describe('phone change dialog', () => {
  it(
    'asks for E.164, sends the code by SMS with a 60 s resend countdown, and keeps the number once verified',
    SLOW,
    async () => {
      const { readAccount } = await signIn('phone');
      await portal.app.renderApp('/account/settings', 'en');

      fireEvent.click(await screen.findByRole('button', { name: 'Add phone number' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add phone number' });
      const input = within(dialog).getByRole('textbox', { name: /Phone number/ });
      type(input, '11 98765-4321');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
      expect(
        await within(dialog).findByText(
          'Please enter a valid phone number in international format, e.g. +5511987654321',
        ),
      ).toBeTruthy();

      const phone = `+55119${String(Date.now()).slice(-8)}`;
      type(input, phone);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
      const prompt = await within(dialog).findByRole('status');
      expect(prompt.textContent).toContain('Please verify your phone number');
      expect(prompt.textContent).toContain(`Enter the code we sent by SMS to ${phone.slice(0, 3)}`);
      expect(within(dialog).getByRole('button', { name: /^Resend code in (60|59) s$/ })).toHaveProperty(
        'disabled',
        true,
      );
      expect((await readAccount()).pendingPhone).toBe(phone);

      type(within(dialog).getByRole('textbox', { name: /Code/ }), await portal.server.readCode(phone, 'sms'));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Saved successfully')).toBeTruthy();
      expect(await readAccount()).toMatchObject({ phone, pendingPhone: null });
      await waitFor(() =>
        expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveProperty('value', phone),
      );
    },
  );
});

describe('profile form', () => {
  it(
    'shows a CNPJ punctuated with its kind, refuses an invalid CPF on its field and saves a valid one',
    SLOW,
    async () => {
      const { tokens, readAccount } = await signIn('tax-id');
      await portal.server.call('PATCH', '/account', { taxId: '12abc34501de35' }, tokens.accessToken);
      await portal.app.renderApp('/account/settings', 'pt-BR');

      const taxId = await screen.findByDisplayValue('12.ABC.345/01DE-35');
      expect(screen.getByText('CNPJ')).toBeTruthy();
      type(taxId, '123.456.789-00');
      expect(screen.queryByText('CNPJ')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      await waitFor(() =>
        expect(taxId.closest('.mantine-InputWrapper-root')?.textContent).toContain(
          'Por favor, informe um CPF ou CNPJ válido',
        ),
      );
      expect((await readAccount()).taxId).toBe('12ABC34501DE35');

      type(taxId, '529.982.247-25');
      expect(await screen.findByText('CPF')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
      expect(await screen.findByText('Salvo com sucesso')).toBeTruthy();
      expect(await readAccount()).toMatchObject({ taxId: '52998224725', taxIdKind: 'cpf' });
    },
  );

  it('saving English as the account language switches the interface to English', SLOW, async () => {
    const { readAccount } = await signIn('language');
    await portal.app.renderApp('/account/settings', 'pt-BR');

    fireEvent.click(await screen.findByRole('combobox', { name: 'Idioma' }));
    // happy-dom does not lay out Mantine's dropdown, so its options stay hidden; they are clicked all the same.
    fireEvent.click(screen.getByRole('option', { name: 'English', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect((await readAccount()).language).toBe('en');
  });
});

describe('currency (decision 027)', () => {
  it('offers reais or dollars until the first purchase, then shows the currency fixed', SLOW, async () => {
    const { tokens, readAccount } = await signIn('currency');
    await portal.app.renderApp('/account/settings', 'pt-BR');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Moeda' }));
    const options = screen.getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(options.filter((label) => /^[A-Z]{3} · /.test(label ?? ''))).toEqual([
      'BRL · Real brasileiro',
      'USD · Dólar americano',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'USD · Dólar americano', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(async () => expect((await readAccount()).currency).toBe('USD'));
    cleanup();

    const checkout = await portal.server.call(
      'POST',
      '/billing/checkout',
      { planId: 'basic', cycle: 'monthly' },
      tokens.accessToken,
    );
    expect(checkout.status).toBe(200);
    await portal.app.renderApp('/account/settings', 'pt-BR');
    await waitFor(() =>
      expect(
        screen.getByText('Definida pela sua primeira compra: seus preços e faturas ficam nesta moeda.'),
      ).toBeTruthy(),
    );
    expect(screen.getByRole('combobox', { name: 'Moeda' })).toHaveProperty('disabled', true);
  });
});
