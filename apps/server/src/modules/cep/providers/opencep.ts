import { z } from 'zod';
import { foundViaCepAddress, getCepJson, latField, lngField, parseBody, viaCepFields } from './fields.ts';
import type { CepProvider } from './provider.ts';

const foundBody = z.object({ ...viaCepFields, lat: latField, lon: lngField });

/** OpenCEP: `GET /v1/{cep}`, one static file per CEP; an unknown CEP is a 404 (`{"error": true}`). */
export function createOpenCepProvider(baseUrl: string): CepProvider {
  return {
    name: 'opencep',
    async lookup(cep, signal) {
      const answer = await getCepJson(`${baseUrl}/v1/${cep}`, signal, 404);
      if (answer.kind === 'not_found') return answer;
      const found = parseBody(foundBody, answer.body);
      const hasPoint = found.lat != null && found.lon != null;
      return foundViaCepAddress(cep, found, {
        ddd: null,
        lat: hasPoint ? (found.lat as number) : null,
        lng: hasPoint ? (found.lon as number) : null,
      });
    },
  };
}
