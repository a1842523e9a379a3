import { normalizeCep } from '@cotacep/shared/cep';
import { z } from 'zod';
import { fetchText } from '#server/lib/fetch-text.ts';
import { UpstreamError } from '#server/lib/upstream-error.ts';
import type { LookupOutcome, UpstreamAddress } from './provider.ts';

/** Field shapes shared by the adapters: what a usable upstream answer must look like. */
export const ufField = z.string().regex(/^[A-Z]{2}$/);

export const ibgeField = z
  .string()
  .regex(/^(\d{7})?$/)
  .optional()
  .transform((value) => value || null);

export const dddField = z
  .string()
  .regex(/^(\d{2})?$/)
  .optional()
  .transform((value) => value || null);

export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '');

const coordinate = (limit: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,3}(\.\d+)?$/)
        .transform(Number),
    ])
    .refine((value) => Math.abs(value) <= limit);

export const latField = coordinate(90).nullish();
export const lngField = coordinate(180).nullish();

/** ViaCEP's answer fields, which OpenCEP copies; each adapter adds the ones only it has. */
export const viaCepFields = {
  cep: z.string(),
  logradouro: optionalText,
  complemento: optionalText,
  bairro: optionalText,
  localidade: z.string().trim().min(1),
  uf: ufField,
  ibge: ibgeField,
};

type ViaCepAnswer = z.output<z.ZodObject<typeof viaCepFields>>;

/** A ViaCEP-shaped answer as found, in our terms, once it is checked to be about the CEP asked for. */
export function foundViaCepAddress(
  cep: string,
  found: ViaCepAnswer,
  extra: Pick<UpstreamAddress, 'ddd' | 'lat' | 'lng'>,
): LookupOutcome {
  checkSameCep(found.cep, cep);
  return {
    kind: 'found',
    address: {
      cep,
      street: found.logradouro,
      complement: found.complemento,
      district: found.bairro,
      city: found.localidade,
      uf: found.uf,
      ibge: found.ibge,
      ...extra,
    },
  };
}

/** The answer must be about the CEP asked for; anything else is a broken upstream, not data. */
export function checkSameCep(answered: string, asked: string): void {
  if (normalizeCep(answered) !== asked)
    throw new UpstreamError('malformed', `answered for another CEP (${answered})`);
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UpstreamError('malformed', 'unexpected body shape');
  return parsed.data;
}

/** How every provider asks: upstream CEP answers are a few hundred bytes, so anything far larger is not one. */
const CEP_REQUEST = {
  maxBytes: 64 * 1024,
  accept: 'application/json',
  userAgent: 'cotacep-cep/1.0',
  redirect: 'error',
} as const;

/**
 * GETs a provider's JSON answer: the parsed body of a 200, `not_found` for the provider's not-found
 * status when it has one, and an UpstreamError for any other status or a body that is not JSON.
 */
export async function getCepJson(
  url: string,
  signal: AbortSignal,
  notFoundStatus?: number,
): Promise<{ kind: 'not_found' } | { kind: 'body'; body: unknown }> {
  const { status, text } = await fetchText(url, { ...CEP_REQUEST, signal });
  if (status === notFoundStatus) return { kind: 'not_found' };
  if (status !== 200) throw new UpstreamError('http', `status ${status}`);
  try {
    return { kind: 'body', body: JSON.parse(text) };
  } catch {
    throw new UpstreamError('malformed', 'malformed JSON body');
  }
}
