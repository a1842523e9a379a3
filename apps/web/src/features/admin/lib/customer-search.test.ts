import { describe, expect, it } from 'vitest';
import { readCustomerSearch, toCustomerListQuery, writeCustomerSearch } from './customer-search.ts';

describe('the customer search in the address', () => {
  it('reads what the console wrote, and writes only what differs from the defaults', () => {
    const params = new URLSearchParams(
      'q=loja&plan=pro&status=suspended&from=2026-01-01&to=2026-01-31&over=1&page=3',
    );
    const search = readCustomerSearch(params);
    expect(search).toEqual({
      q: 'loja',
      plan: 'pro',
      status: 'suspended',
      from: '2026-01-01',
      to: '2026-01-31',
      overQuota: true,
      page: 3,
    });
    expect(writeCustomerSearch(search).toString()).toBe(params.toString());
    expect(writeCustomerSearch(readCustomerSearch(new URLSearchParams())).toString()).toBe('');
  });

  it('drops what the API would refuse: an unknown plan or status, a malformed day, a bad page', () => {
    const search = readCustomerSearch(new URLSearchParams('plan=gold&status=x&from=01/02/2026&page=-2'));
    expect(search).toMatchObject({ plan: null, status: null, from: null, page: 1 });
  });

  it('asks the API for whole days (the "until" day included) and only the filters set', () => {
    const query = toCustomerListQuery(
      readCustomerSearch(new URLSearchParams('q=%20ck_pub_3fQk%20&from=2026-02-01&to=2026-02-28&over=1')),
    );
    expect(query).toEqual({
      q: 'ck_pub_3fQk',
      createdFrom: '2026-02-01T00:00:00.000Z',
      createdTo: '2026-03-01T00:00:00.000Z',
      overQuota: 'true',
      page: 1,
      limit: 25,
    });
  });
});
