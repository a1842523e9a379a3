import { COMPANY } from '@cotacep/shared/company';
import { isValidCnpj, normalizeTaxId } from '@cotacep/shared/tax-id';
import { z } from 'zod';

/** The issuers a nota can go through (decision 038): the embedded test one, or Focus NFe's NFS-e Nacional API. */
export const NFSE_ISSUERS = ['test', 'focus'] as const;
export type NfseIssuerName = (typeof NFSE_ISSUERS)[number];

/**
 * The NFS-e of every paid invoice in reais (issue 27, decision 038), spread into config.ts's envSchema. The
 * provider (prestador) is Cotacep itself: its CNPJ, municipality and registration; the service is one item
 * of LC 116/2003 with its national code and the municipality's ISS rate.
 */
export const nfseEnv = {
  /** `test`: numbered notas marked "sem valor fiscal", made in the app; `focus`: Focus NFe's NFS-e Nacional. */
  NFSE_ISSUER: z.enum(NFSE_ISSUERS).default('test'),
  /** The real issuer's API (Focus NFe: homologação or `https://api.focusnfe.com.br`); a local server in tests. */
  NFSE_BASE_URL: z.url().default('https://homologacao.focusnfe.com.br'),
  /** Focus NFe's access token (HTTP Basic user, empty password); required with NFSE_ISSUER=focus. */
  NFSE_API_TOKEN: z.string().min(1).optional(),
  /** The LC 116/2003 item the service falls under: 01.03 is "processamento, armazenamento ou hospedagem de dados". */
  NFSE_SERVICE_CODE: z
    .string()
    .regex(/^\d{2}\.\d{2}$/, 'must be an LC 116 item, e.g. 01.03')
    .default('01.03'),
  /** The national code (cTribNac: item, subitem, desdobro); the item's first desdobro when not set. */
  NFSE_NATIONAL_TAX_CODE: z
    .string()
    .regex(/^\d{6}$/, 'must be six digits, e.g. 010301')
    .optional(),
  /** The ISS rate in percent, as the provider's municipality charges for the service (LC 116: 2 to 5). */
  NFSE_ISS_RATE: z
    .string()
    .regex(/^\d(\.\d{1,2})?$/, 'must be a percentage with up to two decimals, e.g. 2.00')
    .default('2.00')
    .transform(Number)
    .refine((rate) => rate >= 2 && rate <= 5, 'must be between 2 and 5 (LC 116/2003)'),
  /** The provider's CNPJ (digits); Cotacep's own, from packages/shared's COMPANY, by default. */
  NFSE_PROVIDER_CNPJ: z
    .string()
    .default(COMPANY.cnpj)
    .transform(normalizeTaxId)
    .refine((cnpj) => /^\d{14}$/.test(cnpj) && isValidCnpj(cnpj), 'must be a valid CNPJ'),
  /** The provider's municipality, 7-digit IBGE code (São Paulo by default): where the nota is issued. */
  NFSE_PROVIDER_MUNICIPALITY: z
    .string()
    .regex(/^\d{7}$/, 'must be a 7-digit IBGE code, e.g. 3550308')
    .default('3550308'),
  /** The provider's inscrição municipal (CCM in São Paulo), printed on the nota. */
  NFSE_PROVIDER_MUNICIPAL_REGISTRATION: z
    .string()
    .regex(/^[0-9A-Za-z]{1,15}$/, 'must be letters and digits only')
    .optional(),
  /** How often each instance looks for notas to issue, poll or cancel (a payment also wakes it at once). */
  NFSE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(30_000),
};

/** Focus NFe's homologação: its notas have no tax value. */
const isHomologation = (baseUrl: string) => new URL(baseUrl).hostname.startsWith('homologacao.');

/** A Stripe key that takes real money (a secret or restricted key of live mode). */
const isLiveStripeKey = (key: string | undefined) => /^(sk|rk)_live_/.test(key ?? '');

/**
 * What the parsed settings still lack together (one line per problem, as config.ts prints them). Real
 * payments (a live Stripe key) get notas with tax value: never the test issuer's or homologação's.
 */
export function checkNfseSettings(values: {
  NFSE_ISSUER: NfseIssuerName;
  NFSE_BASE_URL: string;
  NFSE_API_TOKEN?: string;
  NFSE_SERVICE_CODE: string;
  NFSE_NATIONAL_TAX_CODE?: string;
  STRIPE_SECRET_KEY?: string;
}): string[] {
  const problems: string[] = [];
  if (values.NFSE_ISSUER === 'focus' && !values.NFSE_API_TOKEN)
    problems.push('NFSE_API_TOKEN: required with NFSE_ISSUER=focus');
  if (isLiveStripeKey(values.STRIPE_SECRET_KEY)) {
    if (values.NFSE_ISSUER === 'test')
      problems.push(
        'NFSE_ISSUER: a live Stripe key takes real payments, whose notas need tax value (use focus)',
      );
    else if (isHomologation(values.NFSE_BASE_URL))
      problems.push(
        'NFSE_BASE_URL: a live Stripe key takes real payments; homologação issues notas without tax value' +
          ' (use https://api.focusnfe.com.br)',
      );
  }
  const item = values.NFSE_SERVICE_CODE.replace('.', '');
  if (values.NFSE_NATIONAL_TAX_CODE && !values.NFSE_NATIONAL_TAX_CODE.startsWith(item))
    problems.push(`NFSE_NATIONAL_TAX_CODE: must start with the item of NFSE_SERVICE_CODE (${item})`);
  return problems;
}

/** The national code of the configured service: NFSE_NATIONAL_TAX_CODE, else the item's first desdobro. */
export function getNationalTaxCode(config: { NFSE_SERVICE_CODE: string; NFSE_NATIONAL_TAX_CODE?: string }) {
  return config.NFSE_NATIONAL_TAX_CODE ?? `${config.NFSE_SERVICE_CODE.replace('.', '')}01`;
}
