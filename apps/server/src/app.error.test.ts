import { validationMessage } from '@cotacep/shared/validation-messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './lib/app-error.ts';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
beforeAll(async () => {
  // Routes that exist only in this test, to drive the one error handler through each path.
  t = await createTestApp({
    beforeReady: (app) =>
      void app.register(async (scope) => {
        scope.withTypeProvider<ZodTypeProvider>().post(
          '/test/validate',
          {
            schema: {
              body: z.object({
                email: z.email({ message: validationMessage('emailInvalid') }),
                age: z.number().int().min(18),
              }),
            },
          },
          async () => ({ ok: true }),
        );
        scope.get('/test/known', async () => {
          throw new AppError('Forbidden');
        });
        scope.get('/test/crash', async () => {
          throw new Error('database password is hunter2');
        });
      }),
  });
});
afterAll(() => t.close());

describe('the error envelope', () => {
  it('turns a validation failure into 400 ZodError with a translated list', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validate',
      payload: { email: 'nope', age: 12 },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('ZodError');
    expect(body.message).toContainEqual({ message: 'Please enter valid email', path: ['email'] });
    expect(body.message.find((item: { path: string[] }) => item.path[0] === 'age').message).toMatch(/18/);
  });

  it('speaks pt-BR by default', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validate',
      payload: { email: 'x', age: 20 },
    });
    expect(response.json().message[0]).toEqual({
      message: 'Por favor, informe um e-mail válido',
      path: ['email'],
    });
  });

  it('answers a known error with its code and translated message', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/test/known',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ code: 'Forbidden', message: 'Access denied' });
    const pt = await t.app.inject({
      method: 'GET',
      url: '/test/known',
      headers: { 'accept-language': 'pt' },
    });
    expect(pt.json()).toMatchObject({ code: 'Forbidden', message: 'Acesso negado' });
  });

  it('never leaks internals on a 500', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/test/crash',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'InternalError', message: 'Something went wrong' });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers unknown routes with a 404 in the same envelope', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/unknown',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NotFound', message: 'Not found' });
  });

  it('answers malformed JSON with a 400 in the same envelope', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/validate',
      payload: '{"email":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BadRequest', message: 'Invalid request' });
  });
});
