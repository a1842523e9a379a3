import path from 'node:path';
import { z } from 'zod';
import { commaList } from './lib/env-fields.ts';
import { authEnv } from './modules/auth/env.ts';
import { billingEnv } from './modules/billing/env.ts';
import { captchaEnv } from './modules/captcha/env.ts';
import { cepEnv } from './modules/cep/env.ts';
import { gatewayEnv } from './modules/gateway/env.ts';
import { oauthEnv } from './modules/oauth/env.ts';
import { plansEnv } from './modules/plans/env.ts';
import { quotesEnv } from './modules/quotes/env.ts';
import { smsEnv } from './modules/sms/env.ts';

/** Every environment variable the server reads, with its default. The README's table mirrors this file. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_NAME: z.string().min(1).max(60).default('Cotacep'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  ROLE: z.enum(['all', 'portal', 'api']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: commaList.default([]),
  TRUST_PROXY: z.string().default('false'),
  SERVE_WEB: booleanFlag.default(true),
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(path.resolve(import.meta.dirname, '../../web/dist')),
  API_URL: z.string().min(1).default('/api'),
  DEMO_SEED: booleanFlag.optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cotacep <no-reply@cotacep.local>'),
  ...authEnv,
  ...captchaEnv,
  ...oauthEnv,
  ...smsEnv,
  ...cepEnv,
  ...quotesEnv,
  ...gatewayEnv,
  ...billingEnv,
  ...plansEnv,
});

export type Env = z.input<typeof envSchema>;

export type Config = z.output<typeof envSchema> & {
  isProduction: boolean;
  publicUrl: string;
  demoSeed: boolean;
  trustProxy: boolean | string[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; a bad or missing value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.PAYMENTS_PROVIDER === 'stripe' && !(values.STRIPE_SECRET_KEY && values.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required with PAYMENTS_PROVIDER=stripe',
    );
  }
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction) {
    const missing = [
      !values.DATABASE_URL && 'DATABASE_URL: required in production (a PostgreSQL server)',
      !values.APP_SECRET && 'APP_SECRET: required in production (at least 32 random characters)',
      !values.SMTP_URL && 'SMTP_URL: required in production (e-mail delivery)',
      !values.PUBLIC_URL && 'PUBLIC_URL: required in production (the address users reach)',
    ].filter((line): line is string => Boolean(line));
    if (values.PAYMENTS_PROVIDER === 'test') {
      missing.push(
        'PAYMENTS_PROVIDER: the test-mode provider never takes payments in production (use stripe)',
      );
    }
    if (Object.keys(values.PLAN_QUOTAS).length > 0) {
      missing.push('PLAN_QUOTAS: plans keep their catalogue quotas in production');
    }
    if (values.DEMO_SEED) missing.push('DEMO_SEED: demo data is never seeded in production');
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  ${missing.join('\n  ')}`);
  }
  return {
    ...values,
    isProduction,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    demoSeed: values.DEMO_SEED ?? !isProduction,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
  };
}

function parseTrustProxy(value: string): boolean | string[] {
  if (value === 'false' || value === '0' || value === '') return false;
  if (value === 'true' || value === '1') return true;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Names of every variable read, so a test can hold the README's configuration table to it. */
export const ENV_VARIABLE_NAMES: readonly string[] = Object.keys(envSchema.shape);
