import { createHash } from 'node:crypto';
import type { Language } from '@cotacep/shared/languages';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { formatOfPath } from '../../lib/send-public-error.ts';
import { permissionCheckOf } from '../../plugins/organization-guard.ts';
import {
  GATEWAY_SECURITY_SCHEMES,
  gatewayAccessDescription,
  withGatewayAccess,
} from '../gateway/openapi-access.ts';
import { registerApiReference } from './api-reference.ts';
import {
  type Document,
  isStatusPath,
  isUnder,
  pickPaths,
  withMediaExamples,
  withReachableSchemas,
} from './openapi-documents.ts';
import { documentLanguage, translateDocument } from './openapi-language.ts';
import { withPermission } from './openapi-organizations.ts';
import { portalDocumentFor } from './openapi-portal.ts';

type OpenapiConfig = Pick<
  Config,
  | 'APP_NAME'
  | 'QUOTES_BASE_PATH'
  | 'CEP_BASE_PATH'
  | 'API_URL'
  | 'ROLE'
  | 'publicUrl'
  | 'GATEWAY_ANONYMOUS_PER_MINUTE'
>;

export type PublicApi = {
  path: string;
  title: string;
  description: string;
  /** The groups of its operations, named for the reader (`x-displayName`). */
  tags: { name: string; 'x-displayName': string }[];
};

const STATUS_TAG = { name: 'Status', 'x-displayName': 'Status' };

export function publicApis(config: OpenapiConfig, language: Language): PublicApi[] {
  const access = gatewayAccessDescription(config.GATEWAY_ANONYMOUS_PER_MINUTE, language);
  if (language === 'en') {
    return [
      {
        path: config.QUOTES_BASE_PATH,
        title: `${config.APP_NAME} — Quotes API`,
        description:
          'Quotes of more than 150 currencies (fiat, metals and the main cryptocurrencies) in the formats of ' +
          'AwesomeAPI: any pair by cross rate, the Central Bank of Brazil’s PTAX, daily history. Every answer ' +
          'carries its source (`X-Quote-Source`) and the as-of time of its data (`X-Quote-As-Of`).\n\n' +
          'Sources: fawazahmed0/exchange-api (`@fawazahmed0/currency-api`, public domain CC0-1.0, ' +
          'https://github.com/fawazahmed0/exchange-api), the European Central Bank’s reference rates and the ' +
          'Central Bank of Brazil’s PTAX.' +
          access,
        tags: [{ name: 'Cotações', 'x-displayName': 'Quotes' }, STATUS_TAG],
      },
      {
        path: config.CEP_BASE_PATH,
        title: `${config.APP_NAME} — CEP API`,
        description: `The address of a Brazilian CEP, with its IBGE code, area code and coordinates, in JSON or XML.${access}`,
        tags: [{ name: 'CEP', 'x-displayName': 'CEP' }, STATUS_TAG],
      },
    ];
  }
  return [
    {
      path: config.QUOTES_BASE_PATH,
      title: `${config.APP_NAME} — API de Cotações`,
      tags: [{ name: 'Cotações', 'x-displayName': 'Cotações' }, STATUS_TAG],
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
      tags: [{ name: 'CEP', 'x-displayName': 'CEP' }, STATUS_TAG],
      description: `Endereço de um CEP brasileiro, com código IBGE, DDD e coordenadas, em JSON ou XML.${access}`,
    },
  ];
}

/** One document for one public API: its paths, behind the key gateway, plus the shared status endpoint. */
export function documentFor(full: Document, api: PublicApi, language: Language): Document {
  const paths = pickPaths(
    full,
    (url) => isStatusPath(url) || isUnder(url, api.path),
    (operation, url) =>
      isStatusPath(url)
        ? operation
        : withGatewayAccess(
            withMediaExamples(operation, full.components?.schemas ?? {}),
            formatOfPath(url.slice(api.path.length)) ?? 'json',
            language,
          ),
  );
  return {
    ...full,
    info: { ...full.info, title: api.title, description: api.description },
    tags: api.tags,
    paths,
    components: { ...full.components, securitySchemes: GATEWAY_SECURITY_SCHEMES },
  };
}

/** The portal API's prefix, as app.ts mounts it. */
export const portalPrefixOf = (config: Pick<Config, 'API_URL'>) =>
  config.API_URL.startsWith('/') ? config.API_URL.replace(/\/+$/, '') : '/api';

/** A document is the same until the next deployment: cached briefly, revalidated by its ETag. */
function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: { body: string; etag: string },
) {
  reply.header('access-control-allow-origin', '*');
  reply.header('cache-control', 'public, max-age=300');
  reply.header('etag', document.etag);
  if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(document.body);
}

/** Built once per language on first use; each language its own body and ETag. */
function cachedDocument(build: (language: Language) => Document) {
  const cached = new Map<Language, { body: string; etag: string }>();
  return (language: Language) => {
    let document = cached.get(language);
    if (!document) {
      const body = JSON.stringify(withReachableSchemas(translateDocument(build(language), language)));
      document = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      cached.set(language, document);
    }
    return document;
  };
}

/**
 * OpenAPI documents generated from the route schemas (Zod, through fastify-type-provider-zod):
 * `<base>/openapi.json` for the quotes and the CEP API, each with a reference page reading it at
 * `<base>/reference/`, and `<API_URL>/openapi.json` for the portal API. Registered before any route so
 * that it sees them all; routes of none of the three (health, the site, development-only) are left out.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, { config }: { config: OpenapiConfig }) => {
    const apis = publicApis(config, 'en');
    const portalPrefix = portalPrefixOf(config);
    const isDocumented = (url: string) =>
      isStatusPath(url) || isUnder(url, portalPrefix) || apis.some((api) => isUnder(url, api.path));
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: `${config.APP_NAME} APIs`, version: '1.0.0' },
        servers: [{ url: config.publicUrl }],
      },
      transform: (input) => {
        if (!isDocumented(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
        // A route that acts on an organization says which permission it needs and where the organization comes from.
        const check = permissionCheckOf(input.route);
        return jsonSchemaTransform(check ? { ...input, schema: withPermission(input.schema, check) } : input);
      },
      transformObject: jsonSchemaTransformObject,
    });
    const fullDocument = () => app.swagger() as unknown as Document;

    for (const [index, api] of apis.entries()) {
      const document = cachedDocument((language) =>
        documentFor(fullDocument(), publicApis(config, language)[index] as PublicApi, language),
      );
      app.get(`${api.path}/openapi.json`, { schema: { hide: true } }, async (request, reply) =>
        sendDocument(request, reply, document(documentLanguage(request))),
      );
      await registerApiReference(app, {
        routePrefix: `${api.path}/reference` as `/${string}`,
        documentUrl: `${api.path}/openapi.json`,
        title: api.title,
      });
    }
    if (config.ROLE !== 'api') {
      const document = cachedDocument((language) =>
        portalDocumentFor(fullDocument(), { prefix: portalPrefix, appName: config.APP_NAME, language }),
      );
      app.get(`${portalPrefix}/openapi.json`, { schema: { hide: true } }, async (request, reply) =>
        sendDocument(request, reply, document(documentLanguage(request))),
      );
    }
  },
  { name: 'openapi' },
);
