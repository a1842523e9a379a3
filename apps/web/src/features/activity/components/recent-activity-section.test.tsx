import type { ActivityPage } from '@cotacep/shared/audit-schemas';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen, setUpScreenPortal } from '#web/test/screen-portal.ts';

// The real portal server (decision 024): the sign-ins below are real, made through the API.
const portal = setUpScreenPortal();

const SLOW = { timeout: 90_000 };
const PASSWORD = 'a long enough password';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
let users = 0;
const address = (name: string) => `${name}-${Date.now()}-${users++}@example.com`;

const logIn = (email: string, password: string) =>
  portal.server.call<TokenSet>('POST', '/auth/login', { email, password }, undefined, {
    'user-agent': CHROME_ON_LINUX,
  });

async function openRecentActivity(tokens: TokenSet, language: 'pt-BR' | 'en') {
  portal.session.setSession(tokens);
  await renderScreen(portal, '/account/security', language);
  return screen.findByRole('region', { name: language === 'en' ? 'Recent activity' : 'Atividade recente' });
}

const entryRows = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('row')
    .filter((row): row is HTMLTableRowElement => within(row).queryAllByRole('cell').length > 0);
const eventsShown = (region: HTMLElement) => entryRows(region).map((row) => row.cells[1]?.textContent);

describe('Security → Recent activity', () => {
  it(
    "lists the person's own sign-ins, refusals and account events with the browser, and filters",
    SLOW,
    async () => {
      const email = address('recent');
      await portal.server.createUser(email);
      expect((await logIn(email, 'not the password')).status).not.toBe(200);
      const signedIn = await logIn(email, PASSWORD);
      expect(signedIn.status).toBe(200);
      const region = await openRecentActivity(signedIn.body, 'en');

      await waitFor(() => expect(eventsShown(region)).toContain('Log-in attempt refused'));
      expect(eventsShown(region)).toEqual(
        expect.arrayContaining(['Logged in', 'Log-in attempt refused', 'Email confirmed', 'Account created']),
      );
      // Newest first: the last sign-in (from Chrome on Linux) leads.
      const newest = entryRows(region)[0] as HTMLTableRowElement;
      expect(newest.cells[1]?.textContent).toBe('Logged in');
      expect(newest.textContent).toContain('Chrome 126 on Linux');
      // The reader is "You"; no sign-in names a target, so that column is left out.
      expect(newest.cells[2]?.textContent).toBe('You');
      expect(within(region).queryByRole('columnheader', { name: 'Target' })).toBeNull();
      // An organization's events are not the person's own.
      expect(eventsShown(region)).not.toContain('Organization created');

      fireEvent.change(within(region).getByRole('combobox', { name: 'Event' }), {
        target: { value: 'auth.sign_in_failed' },
      });
      await waitFor(() => expect(eventsShown(region)).toEqual(['Log-in attempt refused']));
      fireEvent.change(within(region).getByRole('combobox', { name: 'Who' }), { target: { value: 'staff' } });
      expect(await within(region).findByText('No events match these filters.')).toBeTruthy();
    },
  );

  it('pages the sign-ins with "Carregar mais", each once', SLOW, async () => {
    const email = address('pages');
    const first = await portal.server.createUser(email);
    let last = first;
    for (let time = 0; time < 26; time++) {
      const login = await logIn(email, PASSWORD);
      expect(login.status).toBe(200);
      last = login.body;
    }
    const { body } = await portal.server.call<ActivityPage>(
      'GET',
      '/account/activity?limit=100',
      undefined,
      last.accessToken,
    );
    expect(body.entries.length).toBeGreaterThan(25);
    const region = await openRecentActivity(last, 'pt-BR');

    await waitFor(() => expect(entryRows(region)).toHaveLength(25));
    expect(within(region).getByRole('status').textContent).toBe('25 eventos exibidos');
    fireEvent.click(within(region).getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(entryRows(region)).toHaveLength(body.entries.length));
    expect(eventsShown(region).filter((event) => event === 'Login feito')).toHaveLength(27);
    expect(eventsShown(region).at(-1)).toBe('Conta criada');
    expect(within(region).queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
