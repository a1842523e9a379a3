import { z } from 'zod';
import { checkSameCep, dddField, ibgeField, optionalText, parseBody, ufField } from './fields.ts';
import { fetchText, parseJson } from './http.ts';
import { type CepProvider, UpstreamError } from './provider.ts';

/** Not found is a 200 with `erro` set: `true` in the current API, the string "true" in older answers. */
const notFoundBody = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

const foundBody = z.object({
  cep: z.string(),
  logradouro: optionalText,
  complemento: optionalText,
  bairro: optionalText,
  localidade: z.string().trim().min(1),
  uf: ufField,
  ibge: ibgeField,
  ddd: dddField,
});

/** ViaCEP: `GET /ws/{cep}/json/`; a malformed CEP is a 400, which we never send. */
export function createViaCepProvider(baseUrl: string): CepProvider {
  return {
    name: 'viacep',
    async lookup(cep, signal) {
      const { status, text } = await fetchText(`${baseUrl}/ws/${cep}/json/`, signal);
      if (status !== 200) throw new UpstreamError(`status ${status}`);
      const body = parseJson(text);
      if (notFoundBody.safeParse(body).success) return { kind: 'not_found' };
      const found = parseBody(foundBody, body);
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
          ddd: found.ddd,
          lat: null,
          lng: null,
        },
      };
    },
  };
}
