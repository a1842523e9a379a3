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

const send = (payload: object, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url: CONTACT_URL, payload, headers });

const findStored = async (id: string) =>
  (await test.database.db.select().from(contactRequests).where(eq(contactRequests.id, id)))[0];

describe('contact: happy', () => {
  it('keeps the request, mails the team with Reply-To the sender and acknowledges in English', async () => {
    const email = uniqueEmail('enterprise');
    const message = 'We expect 50 million requests a month.\nCan we talk about a contract?';
    const response = await send(
      { topic: 'enterprise', name: ' Ana Souza ', email: email.toUpperCase(), company: 'Loja Ltda', message },
      { 'accept-language': 'en-US,en;q=0.9' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    expect(await findStored(id)).toMatchObject({
      topic: 'enterprise',
      name: 'Ana Souza',
      email,
      company: 'Loja Ltda',
      message,
      language: 'en',
      userId: null,
    });

    const team = await test.smtp.waitFor(TEAM_EMAIL, (mail) => mail.text.includes(id));
    expect(team.subject).toBe('[Cotacep] Plano Enterprise: Ana Souza');
    expect(team.raw).toMatch(new RegExp(`^Reply-To: ${email}\\r?$`, 'm'));
    expect(team.text.replace(/\r\n/g, '\n')).toContain(message);
    expect(team.text).toContain('Empresa: Loja Ltda');

    const acknowledgement = await test.smtp.waitFor(email);
    expect(acknowledgement.subject).toBe('We received your message — Cotacep');
    expect(acknowledgement.text).toContain('Thank you for your interest in the Cotacep Enterprise plan.');
    expect(acknowledgement.text).toContain(`Reference: ${id}`);
    expect(acknowledgement.raw).not.toMatch(/^Reply-To:/m);
  });

  it('acknowledges in pt-BR by default and stores no company when none was given', async () => {
    const email = uniqueEmail('general');
    const response = await send({
      topic: 'general',
      name: 'João',
      email,
      company: '  ',
      message: 'Olá, uma dúvida sobre a API de CEP.',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    expect(await findStored(id)).toMatchObject({ topic: 'general', company: null, language: 'pt-BR' });
    const acknowledgement = await test.smtp.waitFor(email);
    expect(acknowledgement.subject).toBe('Recebemos sua mensagem — Cotacep');
    expect(acknowledgement.text).toContain('Obrigado por escrever para a Cotacep.');
    expect(acknowledgement.text).toContain(`Protocolo: ${id}`);
  });

  it('notes the account of a signed-in sender', async () => {
    const { userId, accessToken } = await test.signIn();
    const response = await send(
      {
        topic: 'enterprise',
        name: 'Bia Lima',
        email: uniqueEmail('member'),
        message: 'Please call me back.',
      },
      { authorization: `Bearer ${accessToken}` },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as { id: string };
    expect((await findStored(id))?.userId).toBe(userId);
    const team = await test.smtp.waitFor(TEAM_EMAIL, (mail) => mail.text.includes(id));
    expect(team.text).toContain(`Conta: ${userId}`);
  });
});
