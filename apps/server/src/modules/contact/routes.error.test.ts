import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../db/schema/contact-requests.ts';
import { uniqueEmail } from '../../test/auth-flows.ts';
import {
  CONTACT_URL,
  type ContactTestApp,
  createContactTestApp,
  TEAM_EMAIL,
} from './test-support/contact-app.ts';

let test: ContactTestApp;
beforeAll(async () => {
  test = await createContactTestApp();
});
afterAll(() => test.close());

const valid = { topic: 'general', name: 'Ana', message: 'A question about the CEP API.' };

async function expectRefused(payload: object, language: string, issue: { message: string; path: string[] }) {
  const response = await test.app.inject({
    method: 'POST',
    url: CONTACT_URL,
    payload,
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 'ZodError', message: [issue] });
}

const storedFor = (email: string) =>
  test.database.db.select().from(contactRequests).where(eq(contactRequests.email, email));

describe('contact: errors', () => {
  it('refuses an invalid e-mail, an empty message and a NUL byte in the request’s language, keeping nothing', async () => {
    const email = uniqueEmail('refused');
    await expectRefused({ ...valid, email: 'not-an-email' }, 'en', {
      message: 'Please enter valid email',
      path: ['email'],
    });
    await expectRefused({ ...valid, email, message: '   ' }, 'pt-BR', {
      message: 'Por favor, escreva sua mensagem',
      path: ['message'],
    });
    await expectRefused({ ...valid, email, message: 'Too short' }, 'en', {
      message: 'The message must have between 10 and 5000 characters',
      path: ['message'],
    });
    await expectRefused({ ...valid, email, name: 'Ana\u0000' }, 'en', {
      message: 'Please enter your name with up to 100 characters and no control characters',
      path: ['name'],
    });
    await expectRefused({ ...valid, email, message: 'Hello\u0000 there, team' }, 'pt-BR', {
      message: 'A mensagem contém caracteres de controle que não podem ser enviados',
      path: ['message'],
    });
    await expectRefused({ ...valid, email, name: '' }, 'en', {
      message: 'Please enter your name',
      path: ['name'],
    });
    expect(await storedFor(email)).toEqual([]);
    expect(test.smtp.countTo(email)).toBe(0);
    expect(test.smtp.countTo(TEAM_EMAIL)).toBe(0);
  });

  it('answers 400 in the envelope to a body that is not JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: CONTACT_URL,
      payload: '{"topic":',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BadRequest' });
  });
});

describe('contact: mail server down', () => {
  let down: ContactTestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: every delivery fails at once.
    down = await createContactTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => down.close());

  it('still keeps the request and answers 201, so the sender does not send it again', async () => {
    const email = uniqueEmail('undelivered');
    const response = await down.app.inject({
      method: 'POST',
      url: CONTACT_URL,
      payload: { ...valid, email },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await down.database.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.email, email));
    expect(row?.id).toBe(response.json().id);
  });
});
