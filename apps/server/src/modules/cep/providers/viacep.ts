import { z } from 'zod';
import { dddField, foundViaCepAddress, getCepJson, parseBody, viaCepFields } from './fields.ts';
import type { CepProvider } from './provider.ts';

/** Not found is a 200 with `erro` set: `true` in the current API, the string "true" in older answers. */
const notFoundBody = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

const foundBody = z.object({ ...viaCepFields, ddd: dddField });

/** ViaCEP: `GET /ws/{cep}/json/`; a malformed CEP is a 400, which we never send. */
export function createViaCepProvider(baseUrl: string): CepProvider {
  return {
    name: 'viacep',
    async lookup(cep, signal) {
      const answer = await getCepJson(`${baseUrl}/ws/${cep}/json/`, signal);
      if (answer.kind === 'not_found') return answer;
      const { body } = answer;
      if (notFoundBody.safeParse(body).success) return { kind: 'not_found' };
      const found = parseBody(foundBody, body);
      return foundViaCepAddress(cep, found, { ddd: found.ddd, lat: null, lng: null });
    },
  };
}
