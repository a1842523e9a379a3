import {
  CEP_ADDRESS_EXAMPLE,
  CEP_PATTERN,
  type CepErrorCode,
  cepAddressSchema,
  cepErrorSchema,
} from '@cotacep/shared/cep';
import { z } from 'zod';
import { publicErrorBody } from '../../lib/public-errors.ts';
import { publicErrorText } from '../../lib/send-public-error.ts';
import { toXml } from '../../lib/xml.ts';

/** Route schemas of the CEP API: they validate, and the OpenAPI document is generated from them. */

export const cepParams = z.object({
  cep: z
    .string()
    .regex(CEP_PATTERN)
    .meta({ description: '8 digits; `NNNNN-NNN` is accepted too', examples: ['01001000'] }),
});

const ERRORS: Record<400 | 404 | 503, { code: CepErrorCode; description: string }> = {
  400: { code: 'invalid', description: 'A malformed CEP (`invalid`)' },
  404: { code: 'not_found', description: 'No such CEP (`not_found`)' },
  503: {
    code: 'unavailable',
    description: 'Every upstream and the database unavailable (`unavailable`), with Retry-After',
  },
};

const example = (status: keyof typeof ERRORS) => publicErrorBody('cep', ERRORS[status].code, 'pt-BR');

/** The familiar API's error body, its code the one this status answers. */
const jsonError = (status: keyof typeof ERRORS) =>
  cepErrorSchema
    .extend({ status: z.literal(status), code: z.enum([ERRORS[status].code]), message: z.string() })
    .meta({ description: ERRORS[status].description, examples: [example(status)] });

export const jsonResponses = {
  200: cepAddressSchema,
  400: jsonError(400),
  404: jsonError(404),
  503: jsonError(503),
};

const xml = (description: string, examples: string[]) => ({
  description,
  content: { 'application/xml': { schema: z.string().meta({ description, examples }) } },
});

const xmlError = (status: keyof typeof ERRORS) =>
  xml(`${ERRORS[status].description}, in XML: the same fields as the JSON body`, [
    publicErrorText(example(status), 'xml').text,
  ]);

/** The XML route answers its errors in XML too: `<xml><status>404</status><code>not_found</code>…</xml>`. */
export const xmlResponses = {
  200: xml('The address as `<xml><cep>…</cep>…</xml>`, the same fields as the JSON answer', [
    toXml(CEP_ADDRESS_EXAMPLE),
  ]),
  400: xmlError(400),
  404: xmlError(404),
  503: xmlError(503),
};
