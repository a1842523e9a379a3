import { describe, expect, it } from 'vitest';
import { groupOperations } from './group-operations.ts';
import { getOperationAnchor } from './operation-anchor.ts';

describe('getOperationAnchor', () => {
  it('turns method and path into a link target', () => {
    expect(getOperationAnchor('get', '/quotes/json/last/{pairs}')).toBe('get-quotes-json-last-pairs');
    expect(getOperationAnchor('post', '/api/auth/login')).toBe('post-api-auth-login');
  });
});

describe('groupOperations', () => {
  it('groups by first tag in the document’s tag order, untagged last', () => {
    const groups = groupOperations({
      openapi: '3.1.0',
      info: { title: 'Test' },
      tags: [{ name: 'Keys', description: 'API keys' }, { name: 'Auth' }],
      paths: {
        '/api/auth/login': { post: { tags: ['Auth'] } },
        '/api/keys': { get: { tags: ['Keys'] }, post: { tags: ['Keys'] } },
        '/healthz': { get: {} },
      },
    });
    expect(groups.map((group) => [group.tag, group.operations.map((entry) => entry.anchor)])).toEqual([
      ['Keys', ['get-api-keys', 'post-api-keys']],
      ['Auth', ['post-api-auth-login']],
      ['', ['get-healthz']],
    ]);
    expect(groups[0]?.description).toBe('API keys');
  });
});
