import type { Language } from '@cotacep/shared/languages';
import type { Permission } from '@cotacep/shared/roles';
import { type Document, isStatusPath, isUnder, type Operation, pickPaths } from './openapi-documents.ts';
import { describeOrganizations, permissionDeniedDescription } from './openapi-organizations.ts';

/** Each group's name for the reader (`x-displayName`); the tag names stay what operations refer to. */
const TAG_NAMES: Record<string, Record<Language, string>> = {
  Auth: { en: 'Sign-in', 'pt-BR': 'Acesso' },
  Account: { en: 'Account', 'pt-BR': 'Conta' },
  Organizations: { en: 'Organizations', 'pt-BR': 'Organizações' },
  Keys: { en: 'Tokens', 'pt-BR': 'Tokens' },
  Projects: { en: 'Projects', 'pt-BR': 'Projetos' },
  Usage: { en: 'Usage', 'pt-BR': 'Consumo' },
  Billing: { en: 'Billing', 'pt-BR': 'Cobrança' },
  Plans: { en: 'Plans', 'pt-BR': 'Planos' },
  Contact: { en: 'Contact', 'pt-BR': 'Contato' },
  Status: { en: 'Status', 'pt-BR': 'Status' },
  Admin: { en: 'Staff console', 'pt-BR': 'Console da equipe' },
};

/** The portal document's groups, in the order a reader meets them. */
const TAGS = [
  {
    name: 'Auth',
    description: 'Sign-up, confirmation, login with MFA, tokens, password reset, social sign-in',
  },
  {
    name: 'Account',
    description: 'Profile, contact details, password, MFA and sessions of the signed-in user',
  },
  {
    name: 'Organizations',
    description: 'Organizations, their members and roles, and invitations',
  },
  { name: 'Keys', description: 'API tokens of the quotes and CEP APIs' },
  { name: 'Projects', description: 'Projects that group tokens' },
  { name: 'Usage', description: 'Consumption of the plan: per day, month, token and project' },
  { name: 'Billing', description: 'Plan purchase, subscription management and invoices' },
  { name: 'Plans', description: 'The plan catalogue' },
  { name: 'Contact', description: 'The contact and Enterprise forms' },
  { name: 'Status', description: 'Health of the data sources behind both APIs' },
  {
    name: 'Admin',
    description:
      'Cotacep staff only: customers, their usage and trail, and staff actions (each with a reason)',
  },
];

/**
 * Groups whose operations need the access token (their scopes run `app.authenticate`), but for an operation
 * that declares its own `security` (the invitation link's preview: `[]`, none).
 */
const TOKEN_TAGS = new Set(['Account', 'Organizations', 'Keys', 'Projects', 'Usage', 'Billing', 'Admin']);

const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `accessToken` of `POST /auth/login` (or of the MFA step); renew it with `POST /auth/token/refresh`.',
  },
};

function describePortal(prefix: string, language: Language): string {
  if (language === 'en') {
    return (
      'The portal API: account, organizations, tokens, projects, usage and billing. It is the API this site ' +
      'itself uses.\n\n' +
      '## Authentication\n\n' +
      `Log in with \`POST ${prefix}/auth/login\` (and the code of \`POST ${prefix}/auth/login/challenge\` when ` +
      'the account has MFA). The answer carries `accessToken` (a JWT) and `refreshToken`: send the first in ' +
      `the \`Authorization: Bearer <accessToken>\` header and renew it with \`POST ${prefix}/auth/token/refresh\` ` +
      'before it expires (`expiresIn`, in seconds). Ending the session takes effect at once for all its tokens.\n\n' +
      `${describeOrganizations(prefix, language)}\n\n` +
      '## Errors\n\n' +
      'Every error comes in the same envelope `{ code, message, requestId }`, with `message` in the language ' +
      'of `Accept-Language` (pt-BR or en). Browsers that send cookies must repeat the `XSRF-TOKEN` cookie in ' +
      'the `X-XSRF-TOKEN` header on POST, PUT, PATCH and DELETE; clients with only the Bearer token need not.'
    );
  }
  return (
    'A API do portal: conta, organizações, tokens, projetos, consumo e cobrança. É a API que o próprio site ' +
    'usa.\n\n' +
    '## Autenticação\n\n' +
    `Entre com \`POST ${prefix}/auth/login\` (e o código de \`POST ${prefix}/auth/login/challenge\` quando a ` +
    'conta tem MFA). A resposta traz `accessToken` (JWT) e `refreshToken`: envie o primeiro no cabeçalho ' +
    `\`Authorization: Bearer <accessToken>\` e renove-o com \`POST ${prefix}/auth/token/refresh\` antes que ` +
    'expire (`expiresIn`, em segundos). Encerrar a sessão vale na hora para todos os tokens dela.\n\n' +
    `${describeOrganizations(prefix, language)}\n\n` +
    '## Erros\n\n' +
    'Todo erro vem no mesmo envelope `{ code, message, requestId }`, com `message` no idioma de ' +
    '`Accept-Language` (pt-BR ou en). Navegadores que enviam cookies devem repetir o cookie `XSRF-TOKEN` no ' +
    'cabeçalho `X-XSRF-TOKEN` em POST, PUT, PATCH e DELETE; clientes só com o token Bearer não precisam.'
  );
}

const ERROR_RESPONSE = {
  description: 'Error: `{ code, message, requestId }`',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message', 'requestId'],
        properties: {
          code: { type: 'string', description: 'Machine-readable error code' },
          message: {
            description: 'Text in the language of `Accept-Language`; a list of field errors for `ZodError`',
            oneOf: [
              { type: 'string' },
              {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    message: { type: 'string' },
                    path: {
                      type: 'array',
                      description: 'The field, as keys and array positions',
                      items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                    },
                  },
                },
              },
            ],
          },
          requestId: { type: 'string' },
        },
      },
    },
  },
};

/** Answers without a body, which route schemas do not declare: the social sign-in redirects and a 204. */
const BODYLESS_RESPONSES: Record<string, Record<string, { description: string }>> = {
  '/api/auth/oauth/{provider}/start': { 302: { description: 'Redirect to the provider’s consent page' } },
  '/api/auth/oauth/{provider}/callback': {
    302: { description: 'Redirect to the site: signed in, linked, or the reason it failed' },
  },
  '/api/billing/checkout/cancel': {
    204: { description: 'The started checkout is given up (or there was none)' },
  },
};

function withPortalAccess(operation: Operation, url: string, language: Language): Operation {
  const needsToken = !operation.security && (operation.tags?.some((tag) => TOKEN_TAGS.has(tag)) ?? false);
  const permission = operation['x-permission'] as Permission | undefined;
  return {
    ...operation,
    ...(needsToken ? { security: [{ bearerAuth: [] }] } : {}),
    responses: {
      ...operation.responses,
      ...BODYLESS_RESPONSES[url.replace(/:(\w+)/g, '{$1}')],
      ...(permission
        ? { 403: { ...ERROR_RESPONSE, description: permissionDeniedDescription(permission, language) } }
        : {}),
      '4XX': ERROR_RESPONSE,
      // Any route that reads the database answers this while it is unreachable (decision 003).
      503: {
        ...ERROR_RESPONSE,
        description:
          'The database (or the e-mail/SMS delivery a route needs) is unreachable; retry after `Retry-After`',
      },
    },
  };
}

/** The portal API's document: every route under its prefix (the shared status endpoint included). */
export function portalDocumentFor(
  full: Document,
  options: { prefix: string; appName: string; language: Language },
): Document {
  const paths = pickPaths(
    full,
    (url) => isUnder(url, options.prefix) || isStatusPath(url),
    (operation, url) => withPortalAccess(operation, url, options.language),
  );
  return {
    ...full,
    info: {
      ...full.info,
      title:
        options.language === 'en' ? `${options.appName} — Portal API` : `${options.appName} — API do portal`,
      description: describePortal(options.prefix, options.language),
    },
    tags: TAGS.map((tag) => ({
      ...tag,
      'x-displayName': TAG_NAMES[tag.name]?.[options.language] ?? tag.name,
    })),
    paths,
    components: { ...full.components, securitySchemes: SECURITY_SCHEMES },
  };
}
