import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import {
  GATEWAY_SECURITY_SCHEMES,
  gatewayAccessDescription,
  withGatewayAccess,
} from '../modules/gateway/openapi-access.ts';
import { STATUS_PATH } from '../modules/status/routes.ts';
import { registerApiReference } from './api-reference.ts';

type OpenapiConfig = Pick<
  Config,
  'APP_NAME' | 'QUOTES_BASE_PATH' | 'CEP_BASE_PATH' | 'publicUrl' | 'GATEWAY_ANONYMOUS_PER_MINUTE'
>;

/** The parts of an OpenAPI document this plugin touches. */
type Document = {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
};

export type PublicApi = { path: string; title: string; description: string };

export function publicApis(config: OpenapiConfig): PublicApi[] {
  const access = gatewayAccessDescription(config.GATEWAY_ANONYMOUS_PER_MINUTE);
  return [
    {
      path: config.QUOTES_BASE_PATH,
      title: `${config.APP_NAME} — API de Cotações`,
      description:
        'Cotações de mais de 150 moedas (fiduciárias, metais e as principais criptomoedas) nos formatos da ' +
        'AwesomeAPI: qualquer par por taxa cruzada, PTAX do Banco Central, histórico diário. Cada resposta ' +
        'traz a fonte (`X-Quote-Source`) e o horário de referência dos dados (`X-Quote-As-Of`).\n\n' +
        'Fontes: fawazahmed0/exchange-api (`@fawazahmed0/currency-api`, domínio público CC0-1.0, ' +
        'https://github.com/fawazahmed0/exchange-api), taxas de referência do Banco Central Europeu e PTAX ' +
        'do Banco Central do Brasil.' +
        access,
    },
    {
      path: config.CEP_BASE_PATH,
      title: `${config.APP_NAME} — API de CEP`,
      description: `Endereço de um CEP brasileiro, com código IBGE, DDD e coordenadas, em JSON ou XML.${access}`,
    },
  ];
}

function isUnder(url: string, base: string): boolean {
  return url === base || url.startsWith(`${base}/`);
}

/** One document for one public API: its paths, behind the key gateway, plus the shared status endpoint. */
export function documentFor(full: Document, api: PublicApi): Document {
  const paths: NonNullable<Document['paths']> = {};
  for (const [url, operations] of Object.entries(full.paths ?? {})) {
    if (url === STATUS_PATH) paths[url] = operations;
    else if (isUnder(url, api.path)) {
      paths[url] = Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => [method, withGatewayAccess(operation)]),
      );
    }
  }
  return {
    ...full,
    info: { ...full.info, title: api.title, description: api.description },
    paths,
    components: { ...full.components, securitySchemes: GATEWAY_SECURITY_SCHEMES },
  };
}

/**
 * OpenAPI documents of the public APIs, generated from the route schemas (Zod, through
 * fastify-type-provider-zod): `<base>/openapi.json` for the quotes and the CEP API, and a reference page
 * reading it at `<base>/reference/`. Registered before
 * any route so that it sees them all; portal routes are left out.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, { config }: { config: OpenapiConfig }) => {
    const apis = publicApis(config);
    const isPublic = (url: string) => url === STATUS_PATH || apis.some((api) => isUnder(url, api.path));
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${config.APP_NAME} public APIs`, version: '1.0.0' },
        servers: [{ url: config.publicUrl }],
      },
      transform: (input) => {
        if (!isPublic(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
        return jsonSchemaTransform(input);
      },
      transformObject: jsonSchemaTransformObject,
    });

    const documents = new Map<string, string>();
    for (const api of apis) {
      app.get(`${api.path}/openapi.json`, { schema: { hide: true } }, async (_request, reply) => {
        let body = documents.get(api.path);
        if (!body) {
          body = JSON.stringify(documentFor(app.swagger() as unknown as Document, api));
          documents.set(api.path, body);
        }
        reply.header('access-control-allow-origin', '*');
        return reply.type('application/json; charset=utf-8').send(body);
      });
      await registerApiReference(app, {
        routePrefix: `${api.path}/reference` as `/${string}`,
        documentUrl: `${api.path}/openapi.json`,
        title: api.title,
      });
    }
  },
  { name: 'openapi' },
);
