import path from 'node:path';
import { formatIpRange, parseIpRange } from '@cotacep/shared/ip-ranges';
import { z } from 'zod';
import { commaList } from './lib/env-fields.ts';
import { adminEnv } from './modules/admin/env.ts';
import { auditEnv } from './modules/audit/env.ts';
import { authEnv } from './modules/auth/env.ts';
import { billingEnv } from './modules/billing/env.ts';
import { pixEnv } from './modules/billing/pix/env.ts';
import { captchaEnv } from './modules/captcha/env.ts';
import { cepEnv } from './modules/cep/env.ts';
import { gatewayEnv } from './modules/gateway/env.ts';
import { metricsEnv } from './modules/metrics/env.ts';
import { checkNfseSettings, nfseEnv } from './modules/nfse/env.ts';
import { oauthEnv } from './modules/oauth/env.ts';
import { plansEnv } from './modules/plans/env.ts';
import { privacyEnv } from './modules/privacy/env.ts';
import { quotesEnv } from './modules/quotes/env.ts';
import { smsEnv } from './modules/sms/env.ts';

/** Every environment variable the server reads, with its default. The README's table mirrors this file. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const WRITE_INSTEAD =
  'write the address or CIDR of the proxy in front, which is then the one hop trusted ' +
  '(nginx on this machine: TRUST_PROXY=127.0.0.1,::1; elsewhere e.g. TRUST_PROXY=10.0.0.5)';

/**
 * The proxies whose `X-Forwarded-For` is believed, by address or CIDR; from them Fastify takes the
 * address the last untrusted hop appended, so a client's own entries never count. `true` (or a range of
 * every address) would believe any client's header, and a hop count cannot tell the proxy from a client
 * that reached this port directly (Fastify 5.12 ignores one for that reason): both stop the server.
 */
const trustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): false | string[] => {
    const refuse = (message: string) => {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const items = value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length === 0 || value === 'false' || value === '0') return false;
    if (['true', 'yes', 'all'].includes(value.toLowerCase()))
      return refuse(`"${value}" would believe any client's X-Forwarded-For; ${WRITE_INSTEAD}`);
    if (/^\d+$/.test(value))
      return refuse(
        `a hop count cannot tell the proxy from a client that reached this port; ${WRITE_INSTEAD}`,
      );
    const ranges = items.map((item) => ({ item, range: parseIpRange(item) }));
    const unreadable = ranges.find(({ range }) => !range);
    if (unreadable) return refuse(`"${unreadable.item}" is not an IP address or CIDR; ${WRITE_INSTEAD}`);
    if (ranges.some(({ range }) => range?.prefix === 0))
      return refuse(`a range of every address would believe any client's X-Forwarded-For; ${WRITE_INSTEAD}`);
    return ranges.map(({ range }) => formatIpRange(range as NonNullable<typeof range>));
  });

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
  TRUST_PROXY: trustProxySchema,
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
  ...pixEnv,
  ...plansEnv,
  ...metricsEnv,
  ...auditEnv,
  ...privacyEnv,
  ...adminEnv,
  ...nfseEnv,
});

export type Env = z.input<typeof envSchema>;

export type Config = z.output<typeof envSchema> & {
  isProduction: boolean;
  publicUrl: string;
  demoSeed: boolean;
  /** Addresses/CIDRs of the proxies whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | string[];
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
  const nfseProblems = checkNfseSettings(values);
  if (nfseProblems.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${nfseProblems.join('\n  ')}`);
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
    trustProxy: values.TRUST_PROXY,
  };
}

/** Names of every variable read, so a test can hold the README's configuration table to it. */
export const ENV_VARIABLE_NAMES: readonly string[] = Object.keys(envSchema.shape);
