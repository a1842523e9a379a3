import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './openapi-types.ts';
import { describeConstraints, describeType, resolveRef, toSchemaNode } from './schema-view.ts';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test' },
  paths: {},
  components: {
    schemas: {
      Address: {
        type: 'object',
        required: ['cep'],
        properties: {
          cep: { type: 'string', pattern: '^\\d{8}$', description: 'The CEP' },
          state: { type: 'string', enum: ['SP', 'RJ'] },
          lat: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
      },
      // A category whose children are categories: a cycle through `$ref`.
      Category: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
          parent: { $ref: '#/components/schemas/Category' },
        },
      },
    },
  },
};

describe('resolveRef', () => {
  it('follows a reference into components.schemas and names it', () => {
    const { schema, refName } = resolveRef(document, { $ref: '#/components/schemas/Address' });
    expect(refName).toBe('Address');
    expect(schema.required).toEqual(['cep']);
  });

  it('leaves an inline schema as it is and resolves an unknown name to an empty schema', () => {
    expect(resolveRef(document, { type: 'string' })).toEqual({ schema: { type: 'string' } });
    expect(resolveRef(document, { $ref: '#/components/schemas/Missing' })).toEqual({
      schema: {},
      refName: 'Missing',
    });
  });
});

describe('toSchemaNode', () => {
  it('shows a referenced object as its properties: types, required, pattern, enum, nullable', () => {
    const node = toSchemaNode(document, { $ref: '#/components/schemas/Address' });
    expect(node.type).toBe('Address');
    const [cep, state, lat] = node.children;
    expect(cep).toMatchObject({ name: 'cep', type: 'string', isRequired: true, description: 'The CEP' });
    expect(cep?.constraints).toEqual([{ kind: 'pattern', value: '^\\d{8}$' }]);
    expect(state).toMatchObject({ name: 'state', isRequired: false, enumValues: ['SP', 'RJ'] });
    expect(lat?.type).toBe('string | null');
  });

  it('stops at a reference back to an ancestor instead of recursing forever', () => {
    const node = toSchemaNode(document, { $ref: '#/components/schemas/Category' });
    const children = node.children.find((child) => child.name === 'children');
    const parent = node.children.find((child) => child.name === 'parent');
    expect(children).toMatchObject({ type: 'array<Category>', isCycle: true, children: [] });
    expect(parent).toMatchObject({ type: 'Category', isCycle: true, children: [] });
  });

  it('shows an array of inline objects with its items’ properties', () => {
    const node = toSchemaNode(document, {
      type: 'array',
      items: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
    });
    expect(node.type).toBe('array<object>');
    expect(node.children[0]).toMatchObject({ name: 'id', isRequired: true });
    expect(node.children[0]?.constraints).toEqual([{ kind: 'format', value: 'uuid' }]);
  });
});

describe('describeConstraints and describeType', () => {
  it('lists pattern, bounds, lengths and default, and hides the safe-integer range Zod adds', () => {
    expect(
      describeConstraints({
        type: 'integer',
        minimum: 1,
        maximum: 100,
        default: 10,
      }),
    ).toEqual([
      { kind: 'min', value: '1' },
      { kind: 'max', value: '100' },
      { kind: 'default', value: '10' },
    ]);
    expect(
      describeConstraints({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }),
    ).toEqual([]);
    expect(describeConstraints({ type: 'string', minLength: 2, maxLength: 120 })).toEqual([
      { kind: 'minLength', value: '2' },
      { kind: 'maxLength', value: '120' },
    ]);
  });

  it('names unions, arrays and constants', () => {
    expect(describeType(document, { oneOf: [{ type: 'string' }, { type: 'integer' }] })).toBe(
      'string | integer',
    );
    expect(describeType(document, { type: 'array', items: { type: 'string' } })).toBe('array<string>');
    expect(describeType(document, { const: 'ok' })).toBe('ok');
  });
});
