import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server: an e-mail is changed through the API, and the notice the old address receives
// (read from the development mailbox) carries the link this page opens.
const portal = setUpScreenPortal();

const SLOW = { timeout: 40_000 };
let counter = 0;

async function changedEmail() {
  const email = `undo-${Date.now()}-${++counter}@example.com`;
  const next = `thief-${Date.now()}-${counter}@example.com`;
  const { server } = portal;
  const tokens = await server.createUser(email);
  await server.call('POST', '/account/email', { email: next }, tokens.accessToken);
  await server.call(
    'POST',
    '/account/email/verify',
    { code: await server.readCode(next) },
    tokens.accessToken,
  );
  const { body } = await server.call<{ messages: { text: string; subject: string | null }[] }>(
    'GET',
    `/dev/mailbox?${new URLSearchParams({ to: email })}`,
  );
  const notice = body.messages.find((message) => message.subject?.includes('foi alterado'));
  const link = /(http\S+\/auth\/email-change\/undo#token=[\w-]+)/.exec(notice?.text ?? '')?.[1];
  if (!link) throw new Error(`no undo link for ${email}`);
  return { email, link: new URL(link) };
}

describe('undoing an e-mail change', () => {
  it(
    'opens on a button (nothing happens on opening), undoes once, and leads to a new password',
    SLOW,
    async () => {
      const { email, link } = await changedEmail();
      const { router } = await renderScreen(portal, `${link.pathname}${link.hash}`, 'en');

      const undo = await screen.findByRole('button', { name: 'Undo the change' });
      // The token is off the address bar once read.
      await waitFor(() => expect(router.state.location.hash).toBe(''));
      fireEvent.click(undo);
      expect(
        await screen.findByText(
          'Your previous e-mail is back and every device was signed out. Set a new password to log in.',
        ),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Set a new password' }).getAttribute('href')).toBe(
        `/auth/forget-password?email=${encodeURIComponent(email)}`,
      );

      // The same link a second time is refused.
      cleanup();
      await renderScreen(portal, `${link.pathname}${link.hash}`, 'pt-BR');
      fireEvent.click(await screen.findByRole('button', { name: 'Desfazer a alteração' }));
      expect(await screen.findByText('Este link é inválido, expirou ou já foi usado.')).toBeTruthy();
    },
  );

  it('without its token says the link is incomplete', SLOW, async () => {
    await renderScreen(portal, '/auth/email-change/undo', 'pt-BR');
    expect(
      await screen.findByText('Este link está incompleto. Abra-o novamente a partir do e-mail que enviamos.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desfazer a alteração' })).toBeNull();
  });
});
