import { z } from 'zod';
import { checkSameCep, ibgeField, latField, lngField, optionalText, parseBody, ufField } from './fields.ts';
import { fetchText, parseJson } from './http.ts';
import { type CepProvider, UpstreamError } from './provider.ts';

const foundBody = z.object({
  cep: z.string(),
  logradouro: optionalText,
  complemento: optionalText,
  bairro: optionalText,
  localidade: z.string().trim().min(1),
  uf: ufField,
  ibge: ibgeField,
  lat: latField,
  lon: lngField,
});

/** OpenCEP: `GET /v1/{cep}`, one static file per CEP; an unknown CEP is a 404 (`{"error": true}`). */
export function createOpenCepProvider(baseUrl: string): CepProvider {
  return {
    name: 'opencep',
    async lookup(cep, signal) {
      const { status, text } = await fetchText(`${baseUrl}/v1/${cep}`, signal);
      if (status === 404) return { kind: 'not_found' };
      if (status !== 200) throw new UpstreamError(`status ${status}`);
      const found = parseBody(foundBody, parseJson(text));
      checkSameCep(found.cep, cep);
      const hasPoint = found.lat != null && found.lon != null;
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
          ddd: null,
          lat: hasPoint ? (found.lat as number) : null,
          lng: hasPoint ? (found.lon as number) : null,
        },
      };
    },
  };
}
