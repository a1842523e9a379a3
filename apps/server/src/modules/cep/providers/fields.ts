import { normalizeCep } from '@cotacep/shared/cep';
import { z } from 'zod';
import { UpstreamError } from './provider.ts';

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

/** The answer must be about the CEP asked for; anything else is a broken upstream, not data. */
export function checkSameCep(answered: string, asked: string): void {
  if (normalizeCep(answered) !== asked) throw new UpstreamError(`answered for another CEP (${answered})`);
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UpstreamError('unexpected body shape');
  return parsed.data;
}
