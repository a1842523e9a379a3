import { PUBLIC_PAGES } from '@cotacep/shared/site-pages';
import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';
import en from '../i18n/locales/en.json';
import { logout, setSession } from '../lib/session/session-store.ts';
import { createTestToken } from '../lib/session/test-tokens.ts';
import { renderApp } from '../test/test-utils.tsx';

const PUBLIC_PATHS = [
  ...PUBLIC_PAGES,
  '/auth/login',
  '/auth/login/challenge',
  '/auth/signup',
  '/auth/signup/confirm',
  '/auth/confirmation',
  '/auth/forget-password',
  '/auth/reset-password',
  '/auth/email-change/undo',
  '/invitations/accept',
  '/auth/docs',
  '/nowhere',
];
const PROTECTED_PATHS = [
  '/account',
  '/account/settings?tab=security',
  '/account/settings?tab=billing',
  '/account/settings?tab=tokens',
  '/account/settings?tab=members',
  '/dashboard',
  '/projects',
  '/billing/manage',
  '/billing/checkout/00000000-0000-4000-8000-000000000000',
];

// A raw key on screen looks like "auth.login.title": one of the catalogue's top-level sections, a dot, a word.
const RAW_KEY = new RegExp(`\\b(${[...Object.keys(en), 'validation'].join('|')})\\.[A-Za-z]`);
const missing: string[] = [];
const onMissing = (languages: readonly string[], _namespace: string, key: string) =>
  missing.push(`${languages.join()}: ${key}`);

/** Every text node on its own, so neighbouring texts do not run into each other. */
function visibleText(root: HTMLElement): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('style, script')) parts.push(node.textContent ?? '');
  }
  return parts.join(' ');
}

async function expectTranslated(path: string, language: 'pt-BR' | 'en') {
  const view = await renderApp(path, language);
  if (path === '/auth/docs') await screen.findByRole('main');
  else await screen.findByRole('heading', { level: 1 });
  const createButton = screen.queryByRole('button', {
    name: /^(Criar token|Create token|Novo projeto|New project)$/,
  });
  if (createButton) {
    fireEvent.click(createButton);
    await screen.findByRole('dialog');
  }
  const text = visibleText(document.body);
  expect(text).not.toMatch(RAW_KEY);
  expect(text).not.toContain('{{');
  expect(missing).toEqual([]);
  view.unmount();
}

describe('every screen renders translated text, never a raw key', () => {
  beforeAll(() => {
    initI18n();
    i18next.options.saveMissing = true;
    i18next.on('missingKey', onMissing);
  });
  afterAll(() => {
    i18next.off('missingKey', onMissing);
    i18next.options.saveMissing = false;
  });
  afterEach(() => {
    missing.length = 0;
    logout();
  });

  for (const language of ['pt-BR', 'en'] as const) {
    it.each(PUBLIC_PATHS)(`${language} %s`, (path) => expectTranslated(path, language));
    it.each(PROTECTED_PATHS)(`${language} %s (signed in)`, async (path) => {
      setSession({ accessToken: createTestToken({ sub: 'user-1', given_name: 'Ana', plan: 'free' }) });
      await expectTranslated(path, language);
    });
  }

  it('notices a missing key (the check itself works)', () => {
    // @ts-expect-error: a key the catalogue lacks, on purpose.
    i18next.t('auth.login.doesNotExist');
    expect(missing).toEqual(['pt-BR: auth.login.doesNotExist']);
    expect('auth.login.doesNotExist').toMatch(RAW_KEY);
    missing.length = 0;
  });
});
