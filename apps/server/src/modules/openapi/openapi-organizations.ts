import type { Language } from '@cotacep/shared/languages';
import { type Permission, ROLE_PERMISSIONS, ROLES, type Role, rolesWith } from '@cotacep/shared/roles';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { PermissionCheck } from '../../plugins/organization-guard.ts';

/**
 * What the portal document says of organizations (issue 24, decision 033), read from the routes' own checks
 * (`requirePermission`) and from `ROLE_PERMISSIONS`, so it cannot drift from what the server does.
 */

const ROLE_NAMES: Record<Role, Record<Language, string>> = {
  owner: { en: 'Owner', 'pt-BR': 'Proprietário' },
  admin: { en: 'Admin', 'pt-BR': 'Administrador' },
  developer: { en: 'Developer', 'pt-BR': 'Desenvolvedor' },
  billing: { en: 'Billing', 'pt-BR': 'Financeiro' },
  viewer: { en: 'Viewer', 'pt-BR': 'Leitor' },
};

// Only the document reads these schemas: the guard reads the header and the path itself.
const organizationHeaders = z.object({
  'X-Organization': z
    .uuid()
    .optional()
    .describe('The organization this call acts on (its id); without it, your default organization.'),
});
const organizationId = z.uuid().describe('The organization’s id');

/**
 * A route's schema as the document shows it: the permission it needs (`x-permission`; a route whose service
 * checks more than its guard names that in its own schema) and where the organization comes from (the
 * `X-Organization` header, or the path's `id`).
 */
export function withPermission(schema: FastifySchema | undefined, check: PermissionCheck): FastifySchema {
  const own = (schema ?? {}) as Record<string, unknown>;
  const { headers, params } = own;
  const where =
    check.source === 'header'
      ? {
          headers:
            headers instanceof z.ZodObject ? headers.extend(organizationHeaders.shape) : organizationHeaders,
        }
      : { params: params instanceof z.ZodObject ? params.extend({ id: organizationId }) : params };
  const documented: Record<string, unknown> = {
    ...own,
    ...where,
    'x-permission': own['x-permission'] ?? check.permission,
  };
  return documented;
}

function listOf(names: string[], language: Language): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')}${language === 'en' ? ' and ' : ' e '}${names.at(-1)}`;
}

/** The 403 of an operation that needs `permission`, naming the roles that have it. */
export function permissionDeniedDescription(permission: Permission, language: Language): string {
  const roles = listOf(
    rolesWith(permission).map((role) => ROLE_NAMES[role][language]),
    language,
  );
  return language === 'en'
    ? `\`PermissionDenied\`: the caller’s role lacks \`${permission}\` (${roles} have it)`
    : `\`PermissionDenied\`: o papel de quem chama não tem \`${permission}\` (${roles} têm)`;
}

/** The portal document's section on organizations, roles and permissions. */
export function describeOrganizations(prefix: string, language: Language): string {
  const roles = ROLES.map(
    (role) =>
      `- ${ROLE_NAMES[role][language]}: ${ROLE_PERMISSIONS[role].map((permission) => `\`${permission}\``).join(', ')}`,
  ).join('\n');
  if (language === 'en') {
    return (
      '## Organizations\n\n' +
      'Tokens, projects, usage and billing belong to an organization, whose members have one role each. A call ' +
      'that acts on an organization names it in the `X-Organization` header (an id from ' +
      `\`GET ${prefix}/organizations\`) or, without it, acts on your default organization; the ` +
      `\`${prefix}/organizations/{id}\` operations take it from the path. Each such operation names the ` +
      'permission it needs in `x-permission`. An organization you are not a member of answers 404 ' +
      '`OrganizationNotFound`, the same as one that does not exist; a role without the permission, 403 ' +
      `\`PermissionDenied\`. The roles and their permissions:\n\n${roles}`
    );
  }
  return (
    '## Organizações\n\n' +
    'Tokens, projetos, consumo e cobrança pertencem a uma organização, cujos membros têm um papel cada. Uma ' +
    'chamada que age sobre uma organização a indica no cabeçalho `X-Organization` (um id de ' +
    `\`GET ${prefix}/organizations\`) ou, sem ele, age sobre a sua organização padrão; as operações ` +
    `\`${prefix}/organizations/{id}\` a tomam do caminho. Cada uma dessas operações diz em \`x-permission\` ` +
    'a permissão de que precisa. Uma organização da qual você não é membro responde 404 ' +
    '`OrganizationNotFound`, como uma que não existe; um papel sem a permissão, 403 `PermissionDenied`. Os ' +
    `papéis e suas permissões:\n\n${roles}`
  );
}
