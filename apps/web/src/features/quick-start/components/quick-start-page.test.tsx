import type { KeyWithSecret } from '@cotacep/shared/key-schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server: keys are made through its API or through the Tokens tab's create dialog.
const portal = setUpScreenPortal();

const SLOW = { timeout: 90_000 };
let counter = 0;

async function signIn(label: string) {
  const tokens = await portal.server.createUser(`${label}-${Date.now()}-${++counter}@example.com`);
  portal.session.setSession(tokens);
  return tokens.accessToken;
}

async function createKeyThroughApi(token: string, description: string) {
  const input = { description, kind: 'public', allowedOrigins: '*' };
  const { status, body } = await portal.server.call<KeyWithSecret>('POST', '/keys', input, token);
  expect(status).toBe(201);
  return body;
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** Every example on screen, as one text. */
const examplesText = () =>
  screen
    .getAllByRole('region')
    .map((region) => region.textContent)
    .join('\n');

describe('Quick Start page', () => {
  it('shows a visitor the placeholder in every example and invites them to sign up or log in', async () => {
    await portal.app.renderApp('/quick-start', 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Start' })).toBeTruthy();
    const curl = within(await screen.findByRole('region', { name: 'Quotes: USD-BRL' }));
    expect(curl.getByText(/x-api-key: YOUR_TOKEN/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'CEP: 01001-000' }).textContent).toMatch(
      /\/cep\/json\/01001000/,
    );
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe(
      '/auth/signup',
    );
    expect(
      screen.getAllByRole('link', { name: 'Log In' }).map((link) => link.getAttribute('href')),
    ).toContain('/auth/login?redirect=%2Fquick-start');

    fireEvent.click(screen.getByRole('radio', { name: 'token in the URL' }));
    expect(examplesText()).toMatch(/\/quotes\/json\/last\/USD-BRL\?token=YOUR_TOKEN/);
    fireEvent.click(screen.getByRole('tab', { name: 'Python (requests)' }));
    expect(examplesText()).toMatch(/params=\{"token": "YOUR_TOKEN"\}/);
    fireEvent.click(screen.getByRole('tab', { name: 'PHP' }));
    expect(examplesText()).toMatch(/urlencode\("YOUR_TOKEN"\)/);
  });

  it(
    'offers a signed-in customer’s two keys in a picker, the dialog’s secret masked until revealed',
    SLOW,
    async () => {
      const token = await signIn('two-keys');
      const first = await createKeyThroughApi(token, 'Backend');
      const { router } = await portal.app.renderApp('/account/settings?tab=tokens', 'en');
      fireEvent.click(await screen.findByRole('button', { name: 'Create token' }));
      const dialog = within(await screen.findByRole('dialog'));
      type(dialog.getByRole('textbox', { name: /Description/ }), 'Online shop');
      type(dialog.getByRole('textbox', { name: /Allowed origins/ }), '*');
      fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
      const secret = (await dialog.findByTestId('new-secret')).textContent ?? '';
      expect(secret).toMatch(/^ck_pub_/);
      fireEvent.click(dialog.getByRole('button', { name: 'Done' }));

      await router.navigate('/quick-start');
      // The Select's input and its list of options share the label.
      const picker = (await screen.findAllByLabelText('Token used in the examples')).find(
        (element) => element.tagName === 'INPUT',
      ) as HTMLInputElement;
      const masked = `${secret.slice(0, 11)}••••••••`;
      expect(picker.value).toBe(`Online shop · ${secret.slice(0, 11)}… · public`);
      expect(screen.getByTestId('quick-start-secret').textContent).toBe(masked);
      expect(examplesText()).toContain(`x-api-key: ${masked}`);
      expect(examplesText()).not.toContain(secret);

      fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
      expect(screen.getByTestId('quick-start-secret').textContent).toBe(secret);
      expect(examplesText()).toContain(`x-api-key: ${secret}`);
      fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
      expect(examplesText()).not.toContain(secret);

      // The other key's secret was never seen by this tab: its prefix, and a field to paste it.
      fireEvent.click(picker);
      // happy-dom lays out no popover, so the open list counts as hidden to the role query.
      const option = `Backend · ${first.key.prefix}… · public`;
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
      await waitFor(() => expect(examplesText()).toContain(`x-api-key: ${first.key.prefix}••••••••`));
      expect(screen.getByLabelText("Paste the token's secret")).toBeTruthy();
      expect(screen.getByText(/shown only once, when it is created or rotated/)).toBeTruthy();
    },
  );

  it('fills the examples with a pasted secret once it matches the key', SLOW, async () => {
    const token = await signIn('pasted');
    const { key, secret } = await createKeyThroughApi(token, 'Loja');
    await portal.app.renderApp('/quick-start', 'pt-BR');
    const field = await screen.findByLabelText('Cole o segredo do token');
    expect(field.getAttribute('type')).toBe('password');
    expect(examplesText()).toContain(`x-api-key: ${key.prefix}••••••••`);

    type(field, 'ck_pub_outraChaveQualquer1234567890');
    fireEvent.click(screen.getByRole('button', { name: 'Usar este segredo' }));
    expect(
      await screen.findByText(`Este segredo não é do token escolhido: ele deve começar com ${key.prefix}.`),
    ).toBeTruthy();
    expect(examplesText()).not.toContain('outraChave');

    type(field, ` ${secret} `);
    fireEvent.click(screen.getByRole('button', { name: 'Usar este segredo' }));
    expect((await screen.findByTestId('quick-start-secret')).textContent).toBe(`${key.prefix}••••••••`);
    fireEvent.click(screen.getByRole('button', { name: 'Revelar' }));
    expect(examplesText()).toContain(`x-api-key: ${secret}`);
    expect(screen.queryByLabelText('Cole o segredo do token')).toBeNull();
  });

  it('refuses a malformed CEP or pair list in "Try it" with a message and sends nothing', async () => {
    await portal.app.renderApp('/quick-start', 'pt-BR');
    const form = within(
      (await screen.findByRole('heading', { name: '3. Experimente' })).closest('section') as HTMLElement,
    );
    type(form.getByRole('textbox', { name: /^CEP/ }), '0100-100');
    fireEvent.click(form.getByRole('button', { name: 'Enviar' }));
    expect(await form.findByText('Informe um CEP com 8 dígitos, como 01001-000.')).toBeTruthy();

    fireEvent.click(form.getByRole('radio', { name: 'Cotações' }));
    type(form.getByRole('textbox', { name: /^Pares de moedas/ }), 'USD-BRL,EURO');
    fireEvent.click(form.getByRole('button', { name: 'Enviar' }));
    expect(
      await form.findByText('Informe pares de moedas como USD-BRL, separados por vírgula (no máximo 30).'),
    ).toBeTruthy();
    expect(form.queryByText(/ms$/)).toBeNull();
  });
});
