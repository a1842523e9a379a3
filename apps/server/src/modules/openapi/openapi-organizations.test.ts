import { PERMISSIONS } from '@cotacep/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * Issue 24: the portal document says which organization each operation acts on (`X-Organization`, or the
 * path's `id` under `/organizations/{id}`), the permission it needs and who has it, in both languages.
 */
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: object };
type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  responses: Record<string, { description?: string }>;
  'x-permission'?: string;
};
type Document = { info: { description: string }; paths: Record<string, Record<string, Operation>> };

let test: TestApp;
const documents = {} as Record<'en' | 'pt-BR', Document>;
beforeAll(async () => {
  test = await createTestApp();
  documents.en = (await test.app.inject('/api/openapi.json')).json() as Document;
  documents['pt-BR'] = (await test.app.inject('/api/openapi.json?lng=pt-BR')).json() as Document;
});
afterAll(() => test.close());

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ where: `${method} ${path}`, path, operation })),
  );
const headerOf = (operation: Operation) =>
  operation.parameters?.filter(
    (parameter) => parameter.in === 'header' && /^x-organization$/i.test(parameter.name),
  );

describe('organizations in the portal OpenAPI document', () => {
  it('shows X-Organization and the permission on every operation that acts on the current organization', () => {
    const scoped = operationsOf(documents.en).filter(({ operation }) =>
      ['Keys', 'Projects', 'Usage', 'Billing'].includes(operation.tags?.[0] ?? ''),
    );
    expect(scoped.length).toBeGreaterThan(25);
    for (const { where, operation } of scoped) {
      expect(headerOf(operation), where).toEqual([
        expect.objectContaining({ name: 'X-Organization', in: 'header', required: false }),
      ]);
      expect(PERMISSIONS, where).toContain(operation['x-permission']);
      expect(operation.responses['403']?.description, where).toContain(`\`${operation['x-permission']}\``);
    }
  });

  it('takes the organization from the path under /organizations/{id}, and needs none elsewhere', () => {
    for (const { where, path, operation } of operationsOf(documents.en)) {
      if (path.startsWith('/api/organizations/{id}')) {
        expect(headerOf(operation), where).toEqual([]);
        expect(operation['x-permission'], where).toBeDefined();
        const id = operation.parameters?.find((parameter) => parameter.name === 'id');
        expect(id, where).toMatchObject({ in: 'path', description: 'The organization’s id' });
      } else if (!['Keys', 'Projects', 'Usage', 'Billing'].includes(operation.tags?.[0] ?? '')) {
        expect(headerOf(operation) ?? [], where).toEqual([]);
        expect(operation['x-permission'], where).toBeUndefined();
      }
    }
  });

  it('names the permission and the roles that have it, in each language', () => {
    const create = (language: 'en' | 'pt-BR') => documents[language].paths['/api/keys']?.post as Operation;
    expect(create('en')['x-permission']).toBe('keys.write');
    expect(create('en').responses['403']?.description).toBe(
      '`PermissionDenied`: the caller’s role lacks `keys.write` (Owner, Admin and Developer have it)',
    );
    expect(create('pt-BR').responses['403']?.description).toBe(
      '`PermissionDenied`: o papel de quem chama não tem `keys.write` (Proprietário, Administrador e Desenvolvedor têm)',
    );
    expect(headerOf(create('pt-BR'))?.[0]?.description).toBe(
      'A organização sobre a qual esta chamada age (o id dela); sem ele, a sua organização padrão.',
    );
    // Removing someone else needs members.manage (the service checks it); leaving needs nothing.
    const remove = documents.en.paths['/api/organizations/{id}/members/{userId}']?.delete as Operation;
    expect(remove['x-permission']).toBe('members.manage');
  });

  it('explains organizations, roles and permissions in the introduction', () => {
    expect(documents.en.info.description).toContain('## Organizations');
    expect(documents.en.info.description).toContain(
      '- Viewer: `organization.read`, `keys.read`, `usage.read`',
    );
    expect(documents['pt-BR'].info.description).toContain('## Organizações');
    expect(documents['pt-BR'].info.description).toContain(
      '- Financeiro: `organization.read`, `usage.read`, `billing.read`, `billing.write`',
    );
  });

  it('asks for no token on the invitation link’s preview, and for one on the rest of the group', () => {
    const organizations = operationsOf(documents.en).filter(
      ({ operation }) => operation.tags?.[0] === 'Organizations',
    );
    // 14 of issue 24, and the organization's activity (issue 26).
    expect(organizations.length).toBe(15);
    for (const { where, operation } of organizations) {
      const expected = where === 'post /api/invitations/preview' ? [] : [{ bearerAuth: [] }];
      expect(operation.security, where).toEqual(expected);
    }
  });
});
