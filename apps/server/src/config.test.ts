import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('serves on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.demoSeed).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/APP_SECRET/);
    expect(() => loadConfig({ SERVE_WEB: 'maybe' })).toThrow(ConfigError);
  });

  it('refuses to start in production without what production needs', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'PUBLIC_URL', 'PAYMENTS_PROVIDER'])
      expect(message).toContain(name);
  });

  it('never seeds demo data in production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/cotacep',
      APP_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://portal.example.com',
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(production).demoSeed).toBe(false);
    expect(() => loadConfig({ ...production, DEMO_SEED: 'true' })).toThrow(/DEMO_SEED/);
  });

  it('reads lists and trusted proxies', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      TRUST_PROXY: '10.0.0.0/8',
    });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toEqual(['10.0.0.0/8']);
  });
});

describe('the README configuration table', () => {
  it('documents every environment variable the server reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const { ENV_VARIABLE_NAMES } = await import('./config.ts');
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const missing = ENV_VARIABLE_NAMES.filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});
