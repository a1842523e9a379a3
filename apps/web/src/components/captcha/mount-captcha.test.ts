import type { CaptchaProvider } from '@cotacep/shared/auth-responses';
import type { Window as HappyDomWindow } from 'happy-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaptchaIncompleteError } from './captcha-driver.ts';
import { getCaptchaScriptUrl } from './captcha-script.ts';
import { mountCaptcha } from './mount-captcha.ts';

// Google's and Cloudflare's scripts live outside this machine: the page "loads" them without running them
// (happy-dom reports success), and each test puts in place the API object the real script would define.
beforeAll(() => {
  const { settings } = (window as unknown as HappyDomWindow).happyDOM;
  settings.disableJavaScriptFileLoading = true;
  settings.handleDisabledFileLoadingAsSuccess = true;
});

const globals = window as unknown as Record<string, unknown>;
afterEach(() => {
  delete globals.grecaptcha;
  delete globals.turnstile;
  document.body.innerHTML = '';
});

const injectedScripts = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[data-captcha]')].map((script) => script.src);
const options = (action: 'login' | 'signup' = 'login') => ({
  siteKey: 'site-key',
  challengeUrl: '/api/auth/captcha/altcha',
  action,
  language: 'en',
});

describe('which script each provider loads', () => {
  it.each<[CaptchaProvider, string, string | null]>([
    ['recaptcha-v3', 'pt-BR', 'https://www.google.com/recaptcha/api.js?render=site-key&hl=pt-BR'],
    ['recaptcha-v2-invisible', 'en', 'https://www.google.com/recaptcha/api.js?render=explicit&hl=en'],
    ['recaptcha-v2-checkbox', 'pt-BR', 'https://www.google.com/recaptcha/api.js?render=explicit&hl=pt-BR'],
    ['turnstile', 'en', 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'],
    ['altcha', 'en', null],
    ['off', 'en', null],
  ])('%s (%s) → %s', (provider, language, url) => {
    expect(getCaptchaScriptUrl(provider, 'site-key', language)).toBe(url);
  });

  it('"off" mounts nothing and injects nothing', () => {
    const before = document.head.innerHTML;
    expect(mountCaptcha('off', document.body, options())).toBeNull();
    expect(document.head.innerHTML).toBe(before);
    expect(document.body.innerHTML).toBe('');
  });

  it('ALTCHA injects no third-party script: its widget, from this site, asks our server for the challenge', async () => {
    const before = injectedScripts();
    const container = document.body.appendChild(document.createElement('div'));
    const driver = await mountCaptcha('altcha', container, { ...options(), language: 'pt-BR' });
    expect(injectedScripts()).toEqual(before);
    expect(
      [...document.querySelectorAll('script')].some((script) => /google|cloudflare/.test(script.src)),
    ).toBe(false);
    const widget = container.querySelector('altcha-widget');
    expect(widget?.getAttribute('challenge')).toBe('/api/auth/captcha/altcha');
    expect(widget?.getAttribute('language')).toBe('pt-br');
    expect(widget?.getAttribute('auto')).toBe('onfocus');
    driver?.destroy();
    expect(container.querySelector('altcha-widget')).toBeNull();
  });
});

describe('reCAPTCHA', () => {
  function fakeGrecaptcha() {
    const rendered: Record<string, unknown>[] = [];
    const api = {
      rendered,
      ready: vi.fn((callback: () => void) => callback()),
      execute: vi.fn((key: string | number, settings?: { action: string }) => {
        if (typeof key === 'string') return Promise.resolve(`v3:${settings?.action}`);
        (rendered[key]!.callback as (token: string) => void)('v2-invisible-token');
        return undefined;
      }),
      render: vi.fn(
        (_container: HTMLElement, parameters: Record<string, unknown>) => rendered.push(parameters) - 1,
      ),
      getResponse: vi.fn(() => ''),
      reset: vi.fn(),
    };
    globals.grecaptcha = api;
    return api;
  }

  it('v3 loads once with the site key and asks for a token made for each form action', async () => {
    const api = fakeGrecaptcha();
    const login = await mountCaptcha('recaptcha-v3', document.body, options('login'));
    const signup = await mountCaptcha('recaptcha-v3', document.body, options('signup'));
    expect(injectedScripts().filter((src) => src.includes('recaptcha'))).toEqual([
      'https://www.google.com/recaptcha/api.js?render=site-key&hl=en',
    ]);
    expect(await login!.getToken()).toBe('v3:login');
    expect(await signup!.getToken()).toBe('v3:signup');
    expect(api.execute).toHaveBeenCalledWith('site-key', { action: 'login' });
    expect(api.render).not.toHaveBeenCalled();
  });

  it('v2 invisible renders an invisible widget and runs it on submit; reset starts it over', async () => {
    const api = fakeGrecaptcha();
    const driver = await mountCaptcha('recaptcha-v2-invisible', document.body, options());
    expect(api.rendered[0]).toMatchObject({ sitekey: 'site-key', size: 'invisible' });
    expect(await driver!.getToken()).toBe('v2-invisible-token');
    expect(api.execute).toHaveBeenCalledWith(0);
    driver!.reset();
    expect(api.reset).toHaveBeenCalledWith(0);
  });

  it('v2 checkbox needs the tick: no token until the person gives one', async () => {
    const api = fakeGrecaptcha();
    const driver = await mountCaptcha('recaptcha-v2-checkbox', document.body, options());
    expect(api.rendered[0]).toMatchObject({ sitekey: 'site-key', size: 'normal' });
    await expect(driver!.getToken()).rejects.toBeInstanceOf(CaptchaIncompleteError);
    (api.rendered[0]!.callback as (token: string) => void)('ticked-token');
    expect(await driver!.getToken()).toBe('ticked-token');
    expect(api.execute).not.toHaveBeenCalled();
  });
});

describe('Turnstile', () => {
  it('renders with the form action and language, waits for its token, and is removed with the form', async () => {
    const rendered: Record<string, unknown>[] = [];
    const api = {
      render: vi.fn((_container: HTMLElement, parameters: Record<string, unknown>) => {
        rendered.push(parameters);
        return 'widget-1';
      }),
      getResponse: vi.fn(() => undefined),
      reset: vi.fn(),
      remove: vi.fn(),
    };
    globals.turnstile = api;
    const driver = await mountCaptcha('turnstile', document.body, {
      ...options('signup'),
      language: 'pt-BR',
    });
    expect(injectedScripts()).toContain(
      'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    );
    expect(rendered[0]).toMatchObject({ sitekey: 'site-key', action: 'signup', language: 'pt-br' });
    const pending = driver!.getToken();
    (rendered[0]!.callback as (token: string) => void)('turnstile-token');
    expect(await pending).toBe('turnstile-token');
    driver!.reset();
    expect(api.reset).toHaveBeenCalledWith('widget-1');
    driver!.destroy();
    expect(api.remove).toHaveBeenCalledWith('widget-1');
  });
});
