import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18nOptions, DETECTION_ORDER, initI18n, loadScreenTexts, whenI18nReady } from './i18n.ts';
import { translateMessage } from './translate-message.ts';

async function detectWith(setup: () => void): Promise<string | undefined> {
  setup();
  const instance = i18next.createInstance();
  initI18n(instance);
  await whenI18nReady(instance);
  return instance.resolvedLanguage;
}

function speaking(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true });
}

describe('i18n set-up (spec §9)', () => {
  afterEach(() => {
    // Drops the per-test browser languages set by speaking(), back to happy-dom's own.
    Reflect.deleteProperty(window.navigator, 'languages');
    Reflect.deleteProperty(window.navigator, 'language');
    document.documentElement.lang = '';
    window.history.replaceState(null, '', '/');
    // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie itself.
    document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('detects in the spec order and caches only in localStorage under i18nextLng', () => {
    const options = createI18nOptions();
    expect(DETECTION_ORDER).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(options.detection).toMatchObject({
      order: [...DETECTION_ORDER],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    });
    expect(options.fallbackLng).toBe('pt-BR');
  });

  it('prefers ?lng= over the cookie and the stored choice', async () => {
    const language = await detectWith(() => {
      window.history.replaceState(null, '', '/?lng=en');
      // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie itself.
      document.cookie = 'i18next=pt-BR; path=/';
      localStorage.setItem('i18nextLng', 'pt-BR');
    });
    expect(language).toBe('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
  });

  it('prefers the cookie over the stored choice', async () => {
    const language = await detectWith(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the detector reads document.cookie itself.
      document.cookie = 'i18next=en; path=/';
      localStorage.setItem('i18nextLng', 'pt-BR');
    });
    expect(language).toBe('en');
  });

  it('uses the stored choice, then sessionStorage', async () => {
    expect(await detectWith(() => localStorage.setItem('i18nextLng', 'en'))).toBe('en');
    localStorage.clear();
    expect(await detectWith(() => sessionStorage.setItem('i18nextLng', 'en'))).toBe('en');
  });

  it('skips a language it does not offer to the next source, and falls back to pt-BR', async () => {
    // happy-dom's browser speaks en-US, the next source after ?lng=.
    expect(await detectWith(() => window.history.replaceState(null, '', '/?lng=fr'))).toBe('en');
    const instance = i18next.createInstance();
    initI18n(instance);
    await instance.changeLanguage('fr');
    expect(instance.resolvedLanguage).toBe('pt-BR');
    expect(instance.t('actions.login')).toBe('Entrar');
  });

  it.each([
    [['en-US'], 'en'],
    [['en-GB', 'fr-FR'], 'en'],
    [['pt-PT'], 'pt-BR'],
    [['pt'], 'pt-BR'],
    [['fr-FR'], 'pt-BR'],
    [['fr-FR', 'en-US'], 'en'],
  ])('maps the browser languages %j to %s', async (languages, expected) => {
    expect(await detectWith(() => speaking(languages))).toBe(expected);
    expect(localStorage.getItem('i18nextLng')).toBe(expected);
  });

  it('maps a regional ?lng= to the language offered', async () => {
    const language = await detectWith(() => {
      speaking(['pt-BR']);
      window.history.replaceState(null, '', '/?lng=en-GB');
    });
    expect(language).toBe('en');
  });

  it('sets <html lang> when the language changes', async () => {
    const instance = i18next.createInstance();
    initI18n(instance);
    await instance.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    await instance.changeLanguage('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('translates validation keys and the client fallbacks, and leaves server messages alone', async () => {
    const instance = i18next.createInstance();
    initI18n(instance);
    // As on a form's screen: a lazy screen loads the texts the landing does not use.
    await loadScreenTexts(instance);
    await instance.changeLanguage('en');
    expect(translateMessage(instance.t, 'validation.passwordsMustMatch')).toBe('Passwords do not match');
    expect(translateMessage(instance.t, 'Network error')).toBe(
      'Network error. Check your connection and try again.',
    );
    await instance.changeLanguage('pt-BR');
    expect(translateMessage(instance.t, 'validation.passwordsMustMatch')).toBe('As senhas não coincidem');
    expect(translateMessage(instance.t, 'Something went wrong')).toBe('Algo deu errado');
    expect(translateMessage(instance.t, 'E-mail ou senha incorretos.')).toBe('E-mail ou senha incorretos.');
    expect(translateMessage(instance.t, undefined)).toBe('Algo deu errado');
  });

  it('bundles only the shell and landing texts of pt-BR; a lazy screen completes them before it renders', async () => {
    const instance = i18next.createInstance();
    initI18n(instance);
    await whenI18nReady(instance);
    await instance.changeLanguage('pt-BR');
    expect(instance.t('nav.pricing')).toBe('Preços');
    expect(instance.exists('auth.login.title')).toBe(false);
    expect(instance.exists('validation.passwordsMustMatch')).toBe(false);
    await loadScreenTexts(instance);
    expect(instance.t('auth.login.title')).toBe('Entrar');
    expect(instance.t('validation.passwordsMustMatch')).toBe('As senhas não coincidem');
    // A section split between the two parts keeps both halves.
    expect(instance.t('status.banner.link')).not.toBe('status.banner.link');
    expect(instance.t('status.title')).toBe('Status dos serviços');
  });
});
