import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { getNationalTaxCode } from './env.ts';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return 'accepted';
};

describe('the NFS-e settings', () => {
  it('issue test notas for Cotacep in São Paulo, item 01.03 at 2 %, by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NFSE_ISSUER: 'test',
      NFSE_SERVICE_CODE: '01.03',
      NFSE_ISS_RATE: 2,
      NFSE_PROVIDER_CNPJ: '11222333000181',
      NFSE_PROVIDER_MUNICIPALITY: '3550308',
      NFSE_SWEEP_INTERVAL_MS: 30_000,
    });
    expect(getNationalTaxCode(config)).toBe('010301');
  });

  it('take the real issuer with its token, a punctuated CNPJ and a national code of the item', () => {
    const config = loadConfig({
      NFSE_ISSUER: 'focus',
      NFSE_API_TOKEN: 'token-de-producao',
      NFSE_BASE_URL: 'https://api.focusnfe.com.br',
      NFSE_PROVIDER_CNPJ: '12.345.678/0001-95',
      NFSE_SERVICE_CODE: '01.05',
      NFSE_NATIONAL_TAX_CODE: '010502',
      NFSE_ISS_RATE: '2.9',
    });
    expect(config).toMatchObject({ NFSE_PROVIDER_CNPJ: '12345678000195', NFSE_ISS_RATE: 2.9 });
    expect(getNationalTaxCode(config)).toBe('010502');
  });

  it('refuse test notas, or homologação, for real payments (a live Stripe key); a test key may have them', () => {
    const stripe = { PAYMENTS_PROVIDER: 'stripe', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    const live = { ...stripe, STRIPE_SECRET_KEY: 'sk_live_x' };
    expect(refusal(live)).toMatch(/NFSE_ISSUER: a live Stripe key takes real payments/);
    expect(refusal({ ...live, STRIPE_SECRET_KEY: 'rk_live_x' })).toMatch(/NFSE_ISSUER: a live Stripe key/);
    expect(refusal({ ...live, NFSE_ISSUER: 'focus', NFSE_API_TOKEN: 't' })).toMatch(
      /NFSE_BASE_URL: a live Stripe key takes real payments; homologação/,
    );
    const real = {
      ...live,
      NFSE_ISSUER: 'focus',
      NFSE_API_TOKEN: 't',
      NFSE_BASE_URL: 'https://api.focusnfe.com.br',
    };
    expect(refusal(real)).toBe('accepted');
    expect(refusal({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_x' })).toBe('accepted');
  });

  it.each([
    [{ NFSE_ISSUER: 'nota-facil' }, /NFSE_ISSUER/],
    [{ NFSE_ISSUER: 'focus' }, /NFSE_API_TOKEN: required with NFSE_ISSUER=focus/],
    [{ NFSE_BASE_URL: 'focusnfe' }, /NFSE_BASE_URL/],
    [{ NFSE_SERVICE_CODE: '1.03' }, /NFSE_SERVICE_CODE: must be an LC 116 item/],
    [{ NFSE_NATIONAL_TAX_CODE: '0103' }, /NFSE_NATIONAL_TAX_CODE: must be six digits/],
    [
      { NFSE_NATIONAL_TAX_CODE: '010501' },
      /NFSE_NATIONAL_TAX_CODE: must start with the item of NFSE_SERVICE_CODE \(0103\)/,
    ],
    [{ NFSE_ISS_RATE: '1.5' }, /NFSE_ISS_RATE: must be between 2 and 5/],
    [{ NFSE_ISS_RATE: '2,5' }, /NFSE_ISS_RATE: must be a percentage/],
    [{ NFSE_ISS_RATE: '5.01' }, /NFSE_ISS_RATE: must be between 2 and 5/],
    [{ NFSE_PROVIDER_CNPJ: '11.222.333/0001-80' }, /NFSE_PROVIDER_CNPJ: must be a valid CNPJ/],
    [{ NFSE_PROVIDER_MUNICIPALITY: '355030' }, /NFSE_PROVIDER_MUNICIPALITY: must be a 7-digit IBGE code/],
    [{ NFSE_PROVIDER_MUNICIPAL_REGISTRATION: '1.234.567-8' }, /NFSE_PROVIDER_MUNICIPAL_REGISTRATION/],
    [{ NFSE_SWEEP_INTERVAL_MS: '10' }, /NFSE_SWEEP_INTERVAL_MS/],
  ])('refuse %j at start-up, naming the variable', (env, message) => {
    expect(refusal(env as Record<string, string>)).toMatch(message);
  });
});
