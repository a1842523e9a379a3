import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueEmail } from '../../test/auth-flows.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';

// Google's and Cloudflare's siteverify, answering as they do for each kind of token.
const ANSWERS: Record<string, object> = {
  good: {
    success: true,
    score: 0.9,
    action: 'login',
    hostname: 'localhost',
    challenge_ts: '2026-01-01T00:00:00Z',
  },
  low: { success: true, score: 0.3, action: 'login', hostname: 'localhost' },
  'other-action': { success: true, score: 0.9, action: 'signup', hostname: 'localhost' },
  bad: { success: false, 'error-codes': ['invalid-input-response'] },
  'no-score': { success: true, hostname: 'localhost', challenge_ts: '2026-01-01T00:00:00Z' },
};
const verify = await startHttpStub((request) => ({
  json: ANSWERS[formOf(request).response ?? ''] ?? ANSWERS.bad,
}));
afterAll(() => verify.close());

const en = { 'accept-language': 'en' };
const login = (app: IdentityTestApp, captchaToken?: string) =>
  post(app.app, '/api/auth/login', { email: uniqueEmail(), password: 'whatever pass', captchaToken }, en);

async function withApp(env: Record<string, string>, run: (app: IdentityTestApp) => Promise<void>) {
  const app = await createIdentityTestApp(env);
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const keys = { CAPTCHA_SITE_KEY: 'site-key', CAPTCHA_SECRET_KEY: 'secret-key' };

describe('reCAPTCHA v3', () => {
  it('refuses missing, failing, low-scored and other-action tokens; passes a good one', async () => {
    await withApp(
      {
        CAPTCHA_PROVIDER: 'recaptcha-v3',
        RECAPTCHA_VERIFY_URL: `${verify.url}/recaptcha/api/siteverify`,
        ...keys,
      },
      async (app) => {
        const missing = await login(app);
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toMatchObject({
          code: 'CaptchaRequired',
          message: 'Please complete the human verification.',
        });
        for (const token of ['bad', 'low', 'other-action']) {
          const refused = await login(app, token);
          expect(refused.json()).toMatchObject({
            code: 'CaptchaFailed',
            message: 'Human verification failed, please try again.',
          });
        }
        // Past the captcha, the unknown account is refused as usual.
        expect((await login(app, 'good')).json().code).toBe('NotAuthorized');
        const sent = formOf(verify.requests.at(-1)!);
        expect(sent).toEqual({ secret: 'secret-key', response: 'good', remoteip: '127.0.0.1' });
        expect(verify.requests.at(-1)!.path).toBe('/recaptcha/api/siteverify');
        const providers = (await app.app.inject({ url: '/api/auth/providers' })).json();
        expect(providers.captcha).toEqual({
          provider: 'recaptcha-v3',
          siteKey: 'site-key',
          challengeUrl: null,
        });
      },
    );
  });

  it('fails closed when the verify endpoint cannot be reached', async () => {
    await withApp(
      { CAPTCHA_PROVIDER: 'recaptcha-v3', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify', ...keys },
      async (app) => {
        expect((await login(app, 'good')).json().code).toBe('CaptchaFailed');
      },
    );
  });

  it('protects sign-up and forgot-password with their own actions', async () => {
    await withApp(
      { CAPTCHA_PROVIDER: 'recaptcha-v3', RECAPTCHA_VERIFY_URL: verify.url, ...keys },
      async (app) => {
        // A token made for "login" does not open the sign-up or forgot-password forms.
        const signup = await post(app.app, '/api/auth/signup', {
          firstName: 'A',
          lastName: 'B',
          email: uniqueEmail(),
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          captchaToken: 'good',
        });
        expect(signup.json().code).toBe('CaptchaFailed');
        const forgot = await post(app.app, '/api/auth/forget-password', {
          email: uniqueEmail(),
          captchaToken: 'good',
        });
        expect(forgot.json().code).toBe('CaptchaFailed');
        expect((await post(app.app, '/api/auth/forget-password', { email: uniqueEmail() })).json().code).toBe(
          'CaptchaRequired',
        );
      },
    );
  });
});

describe('reCAPTCHA v2 and Turnstile', () => {
  it('v2 checkbox needs success only', async () => {
    await withApp(
      { CAPTCHA_PROVIDER: 'recaptcha-v2-checkbox', RECAPTCHA_VERIFY_URL: verify.url, ...keys },
      async (app) => {
        expect((await login(app, 'no-score')).json().code).toBe('NotAuthorized');
        expect((await login(app, 'bad')).json().code).toBe('CaptchaFailed');
      },
    );
  });

  it('Turnstile refuses failures and tokens made for another action', async () => {
    await withApp(
      {
        CAPTCHA_PROVIDER: 'turnstile',
        TURNSTILE_VERIFY_URL: `${verify.url}/turnstile/v0/siteverify`,
        ...keys,
      },
      async (app) => {
        expect((await login(app, 'good')).json().code).toBe('NotAuthorized');
        expect((await login(app, 'other-action')).json().code).toBe('CaptchaFailed');
        expect((await login(app, 'bad')).json().code).toBe('CaptchaFailed');
        expect((await login(app)).json().code).toBe('CaptchaRequired');
        expect(verify.requests.at(-1)!.path).toBe('/turnstile/v0/siteverify');
      },
    );
  });
});

describe('ALTCHA (self-hosted proof of work)', () => {
  let app: IdentityTestApp;
  beforeAll(async () => {
    app = await createIdentityTestApp({
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_COST: '1',
      ALTCHA_MAX_COUNTER: '40',
    });
  });
  afterAll(() => app.close());

  async function solved(): Promise<{ challenge: Challenge; payload: string }> {
    const response = await app.app.inject({ url: '/api/auth/captcha/altcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge = response.json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return { challenge, payload: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
  }

  it('passes a solved challenge once; a replay, a tampered challenge or garbage fail', async () => {
    const { payload, challenge } = await solved();
    expect((await login(app, payload)).json().code).toBe('NotAuthorized');
    expect((await login(app, payload)).json().code).toBe('CaptchaFailed');
    const other = await solved();
    const decoded = JSON.parse(Buffer.from(other.payload, 'base64').toString());
    decoded.challenge.parameters.cost = 0;
    expect((await login(app, Buffer.from(JSON.stringify(decoded)).toString('base64'))).json().code).toBe(
      'CaptchaFailed',
    );
    expect((await login(app, 'not base64 json')).json().code).toBe('CaptchaFailed');
    expect((await login(app)).json().code).toBe('CaptchaRequired');
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
  });

  it('is announced to the SPA with its challenge URL', async () => {
    const providers = (await app.app.inject({ url: '/api/auth/providers' })).json();
    expect(providers).toEqual({
      social: { github: false, google: false },
      captcha: { provider: 'altcha', siteKey: null, challengeUrl: '/api/auth/captcha/altcha' },
    });
  });
});

describe('off', () => {
  it('lets requests through without a token and has no challenge endpoint', async () => {
    await withApp({ CAPTCHA_PROVIDER: 'off' }, async (app) => {
      expect((await login(app)).json().code).toBe('NotAuthorized');
      expect((await app.app.inject({ url: '/api/auth/captcha/altcha' })).statusCode).toBe(404);
    });
  });
});
