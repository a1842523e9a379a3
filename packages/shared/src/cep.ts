import { z } from 'zod';

/** A CEP as the public API accepts it: 8 ASCII digits, optionally `NNNNN-NNN`. */
export const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** The 8 digits of a well-formed CEP, or null; nothing else ever reaches a lookup. */
export function normalizeCep(input: string): string | null {
  return CEP_PATTERN.test(input) ? input.replace('-', '') : null;
}

const text = (description: string, example: string) => z.string().meta({ description, examples: [example] });

/** 01001-000, Praça da Sé: the OpenAPI documents' example answer. */
export const CEP_ADDRESS_EXAMPLE = {
  cep: '01001000',
  address_type: 'Praça',
  address_name: 'da Sé',
  address: 'Praça da Sé',
  state: 'SP',
  district: 'Sé',
  lat: '-23.5501976',
  lng: '-46.634116',
  city: 'São Paulo',
  city_ibge: '3550308',
  ddd: '11',
};

/**
 * The CEP API's answer, in the field order and format of the familiar Brazilian CEP API: every value a
 * string, empty when unknown. A municipality-level answer has the street fields empty.
 */
export const cepAddressSchema = z
  .object({
    cep: text('The CEP, 8 digits', '01001000'),
    address_type: text(
      'First word of the logradouro (Rua, Avenida, Praça…); empty when the logradouro is one word or unknown',
      'Praça',
    ),
    address_name: text('The logradouro without its first word', 'da Sé'),
    address: text('The logradouro as published', 'Praça da Sé'),
    state: text('UF, two letters', 'SP'),
    district: text('Bairro', 'Sé'),
    lat: text("Latitude of the address, or of the city's centre when only the city is known", '-23.5501976'),
    lng: text("Longitude of the address, or of the city's centre when only the city is known", '-46.634116'),
    city: text('Municipality', 'São Paulo'),
    city_ibge: text('7-digit IBGE code of the municipality', '3550308'),
    ddd: text('Telephone area code of the municipality', '11'),
  })
  .meta({ id: 'CepAddress', examples: [CEP_ADDRESS_EXAMPLE] });

export type CepAddress = z.infer<typeof cepAddressSchema>;

export const CEP_ERROR_CODES = [
  'invalid',
  'not_found',
  'method_not_allowed',
  'unavailable',
  'internal',
] as const;

export type CepErrorCode = (typeof CEP_ERROR_CODES)[number];

/** The CEP API's own error body (not the portal envelope), as its existing clients expect. */
export const cepErrorSchema = z
  .object({
    status: z
      .number()
      .int()
      .meta({ examples: [400] }),
    code: z.enum(CEP_ERROR_CODES),
    message: z.string().meta({ examples: ['CEP invalido'] }),
  })
  .meta({ id: 'CepError' });

export type CepError = z.infer<typeof cepErrorSchema>;
