import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCookie, readCookie, setCookie } from './cookies.ts';

const app = Fastify();
app.get('/read', async (request) => ({ value: readCookie(request, 'wanted') ?? null }));
app.get('/write', (_request, reply) => {
  setCookie(reply, 'first', 'a.b', { path: '/', sameSite: 'lax', httpOnly: true, secure: true, maxAge: 600 });
  clearCookie(reply, 'second', { path: '/' });
  reply.send({ written: true });
});
beforeAll(() => app.ready());
afterAll(() => app.close());

describe('cookies read and written where they are used', () => {
  it('reads one cookie out of several, and nothing when there is no Cookie header', async () => {
    const read = (cookie?: string) =>
      app.inject({ url: '/read', headers: cookie === undefined ? {} : { cookie } }).then((r) => r.json());
    expect(await read('other=1; wanted=x.y%20z; last=2')).toEqual({ value: 'x.y z' });
    expect(await read('other=1')).toEqual({ value: null });
    expect(await read()).toEqual({ value: null });
    expect(await read('garbage without equals; ;=;')).toEqual({ value: null });
  });

  it('writes one Set-Cookie header per cookie, with its attributes, and clears by expiring', async () => {
    const response = await app.inject({ url: '/write' });
    expect(response.headers['set-cookie']).toEqual([
      'first=a.b; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax',
      'second=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ]);
  });
});
