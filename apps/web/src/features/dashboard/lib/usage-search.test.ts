import { describe, expect, it } from 'vitest';
import { readUsageSearch, writeUsageSearch } from './usage-search.ts';

describe('usage search parameters', () => {
  it('reads the filter and the view, days by default', () => {
    expect(readUsageSearch(new URLSearchParams('keyId=k1&view=months'))).toEqual({
      keyId: 'k1',
      projectId: undefined,
      view: 'months',
    });
    expect(readUsageSearch(new URLSearchParams('view=weeks')).view).toBe('days');
  });

  it('sets and clears one parameter, keeping the others', () => {
    const params = new URLSearchParams('keyId=k1&view=months');
    expect(writeUsageSearch(params, 'projectId', 'p1').toString()).toBe('keyId=k1&view=months&projectId=p1');
    expect(writeUsageSearch(params, 'keyId', null).toString()).toBe('view=months');
    expect(writeUsageSearch(params, 'view', 'days').toString()).toBe('keyId=k1');
  });
});
