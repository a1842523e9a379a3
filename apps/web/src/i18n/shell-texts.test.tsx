import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../lib/session/session-store.ts';
import { createTestToken } from '../lib/session/test-tokens.ts';
import { renderApp } from '../test/test-utils.tsx';
import en from './locales/en.json';

// A raw key on screen looks like "auth.login.title": one of the catalogue's top-level sections, a dot, a word.
const RAW_KEY = new RegExp(`\\b(${[...Object.keys(en), 'validation'].join('|')})\\.[A-Za-z]`);
const missing: string[] = [];
const onMissing = (_languages: readonly string[], _namespace: string, key: string) => missing.push(key);

/** Everything the landing shows before any lazy screen: the pt-BR texts bundled with it must cover it all. */
async function expectShellTranslated() {
  expect(i18next.exists('auth.login.title')).toBe(false); // only the bundled part is in: the test means something
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(RAW_KEY);
  expect(missing).toEqual([]);
}

describe('the pt-BR texts bundled with the landing (decision 016)', () => {
  beforeAll(() => {
    i18next.on('missingKey', onMissing);
  });
  afterAll(() => i18next.off('missingKey', onMissing));
  afterEach(() => {
    missing.length = 0;
  });

  it('cover the landing, the header, its menus and small-screen drawer, the footer and the cookie banner', async () => {
    await renderApp('/');
    i18next.options.saveMissing = true;
    await screen.findByRole('heading', { level: 1, name: /^Cotações de moedas/ });
    fireEvent.click(screen.getByRole('button', { name: 'Idioma: Português' }));
    expect(await screen.findAllByRole('menuitem')).toHaveLength(2);
    await expectShellTranslated();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The burger shows on small screens only (Mantine's media query, and happy-dom's window is wide).
    fireEvent.click(screen.getByLabelText('Abrir menu'));
    await screen.findByRole('dialog', { hidden: true });
    await expectShellTranslated();
  });

  it('cover them for a signed-in customer, account menu included', async () => {
    setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana', plan: 'free' }) });
    await renderApp('/');
    i18next.options.saveMissing = true;
    await screen.findByRole('heading', { level: 1, name: /^Cotações de moedas/ });
    fireEvent.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Ana' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toContain('Sair');
    await expectShellTranslated();
  });
});
