import { z } from 'zod';
import { checkSameCep, optionalText, parseBody, ufField } from './fields.ts';
import { fetchText, parseJson } from './http.ts';
import { type CepProvider, UpstreamError } from './provider.ts';

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
      const { status, text } = await fetchText(`${baseUrl}/api/cep/v1/${cep}`, signal);
      if (status === 404) return { kind: 'not_found' };
      if (status !== 200) throw new UpstreamError(`status ${status}`);
      const found = parseBody(foundBody, parseJson(text));
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
