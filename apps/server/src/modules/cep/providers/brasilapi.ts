import { z } from 'zod';
import { checkSameCep, getCepJson, optionalText, parseBody, ufField } from './fields.ts';
import type { CepProvider } from './provider.ts';

const foundBody = z.object({
  cep: z.string(),
  state: ufField,
  city: z.string().trim().min(1),
  neighborhood: optionalText,
  street: optionalText,
});

/**
 * BrasilAPI: `GET /api/cep/v1/{cep}`. Not found is a 404 (its body lists the services it asked); a 400
 * means it rejected the CEP, which we never send malformed, so it counts as a failure like a 5xx.
 */
export function createBrasilApiProvider(baseUrl: string): CepProvider {
  return {
    name: 'brasilapi',
    async lookup(cep, signal) {
      const answer = await getCepJson(`${baseUrl}/api/cep/v1/${cep}`, signal, 404);
      if (answer.kind === 'not_found') return answer;
      const found = parseBody(foundBody, answer.body);
      checkSameCep(found.cep, cep);
      return {
        kind: 'found',
        address: {
          cep,
          street: found.street,
          complement: '',
          district: found.neighborhood,
          city: found.city,
          uf: found.state,
          ibge: null,
          ddd: null,
          lat: null,
          lng: null,
        },
      };
    },
  };
}
