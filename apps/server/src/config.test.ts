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
      NFSE_ISSUER: 'focus',
      NFSE_BASE_URL: 'https://api.focusnfe.com.br',
      NFSE_API_TOKEN: 'token',
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

describe('TRUST_PROXY', () => {
  const refusal = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('takes the addresses and CIDRs of the proxies in front, IPv4 and IPv6', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: '10.1.2.3/8,2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::/32',
    ]);
  });

  it.each(['false', '0', ''])('trusts no proxy with %j', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it.each(['true', 'yes', '0.0.0.0/0', '10.0.0.1, ::/0'])(
    'refuses %j, which believes any client, and says what to write',
    (value) => {
      const message = refusal(value);
      expect(message).toMatch(/TRUST_PROXY: .*any client/);
      expect(message).toContain('TRUST_PROXY=127.0.0.1');
    },
  );

  it.each(['1', '2'])('refuses the hop count %j, which cannot tell the proxy from a client', (value) => {
    const message = refusal(value);
    expect(message).toMatch(/TRUST_PROXY: a hop count/);
    expect(message).toContain('TRUST_PROXY=127.0.0.1');
  });

  it.each(['nginx', '10.0.0.1/33', '10.0.0.256', 'fe80::1%eth0'])('refuses %j, naming it', (value) => {
    expect(refusal(value)).toContain(`TRUST_PROXY: "${value}" is not an IP address or CIDR`);
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
