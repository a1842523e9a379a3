import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeDeliveryThrottle } from '../../db/schema/code-delivery-throttle.ts';
import { users } from '../../db/schema/users.ts';
import { drainAfterResponse } from '../../lib/after-response.ts';
import { bearer, PASSWORD, post, signedIn, signUpConfirmed, uniqueEmail } from '../../test/auth-flows.ts';
import { createIdentityTestApp, type IdentityTestApp } from '../../test/identity-app.ts';
import type { ReceivedMail } from '../../test/smtp-sink.ts';

/**
 * Issue 22: signing up someone else's address with the first name "Visit https://evil.example/reset now"
 * put that line at the top of the confirmation e-mail sent to them, and names took CR/LF. Names refuse
 * control characters and links; mail to an address that has confirmed nothing carries no text its
 * requester chose (checked on what the real SMTP server received).
 */
let test: IdentityTestApp;
beforeAll(async () => {
  test = await createIdentityTestApp();
});
afterAll(() => test.close());

const en = { 'accept-language': 'en' };
const form = (email: string, names: { firstName?: string; lastName?: string } = {}) => ({
  firstName: 'Ana',
  lastName: 'Souza',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...names,
});
const countUsers = async () => (await test.database.db.select().from(users)).length;
/** Names no template contains, so finding them in a mail can only mean the requester's text got in. */
const TYPED = { firstName: 'Zebedeu', lastName: 'Quaresmal' };

/** The decoded message as UTF-8 (the sink decodes quoted-printable to bytes). */
const body = (mail: ReceivedMail) => Buffer.from(mail.text, 'latin1').toString('utf8');

function expectNoTypedText(mail: ReceivedMail) {
  // `text` is the whole message decoded: headers, the text part and the HTML part.
  expect(mail.text).not.toContain(TYPED.firstName);
  expect(mail.text).not.toContain(TYPED.lastName);
}

describe('names: no links, no line breaks, no control characters', () => {
  it.each([
    ['a link', 'Visit https://evil.example/reset now'],
    ['a domain', 'evil.example/reset'],
    ['an address', 'write to help@evil.example'],
    ['a line break', 'Ana\r\nVisit evil'],
    ['a bidi override', 'Ana\u202eazuoS'],
  ])('sign-up refuses a first name with %s, stores nothing and mails nothing', async (_, firstName) => {
    const email = uniqueEmail('named');
    const before = await countUsers();
    const response = await post(test.app, '/api/auth/signup', form(email, { firstName }), en);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'ZodError',
      message: [
        {
          message: 'A name cannot contain web or e-mail addresses, line breaks or control characters',
          path: ['firstName'],
        },
      ],
    });
    await drainAfterResponse();
    expect(await countUsers()).toBe(before);
    expect(test.smtp.countTo(email)).toBe(0);
  });

  it('answers in Portuguese too, and refuses the last name alike', async () => {
    const response = await post(
      test.app,
      '/api/auth/signup',
      form(uniqueEmail('named'), { lastName: 'www.evil.example' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0]).toEqual({
      message:
        'O nome não pode conter endereços web ou de e-mail, quebras de linha nem caracteres de controle',
      path: ['lastName'],
    });
  });

  it('the profile refuses such a name too', async () => {
    const { tokens } = await signedIn(test);
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: { firstName: 'https://evil.example' },
      headers: { ...bearer(tokens.accessToken), ...en },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message[0].path).toEqual(['firstName']);
  });
});

describe('mail to an address that has confirmed nothing carries none of the requester’s text', () => {
  it('the sign-up confirmation greets no one by name', async () => {
    const email = uniqueEmail('victim');
    expect((await post(test.app, '/api/auth/signup', form(email, TYPED))).statusCode).toBe(201);
    const mail = await test.smtp.waitFor(email);
    expect(mail.subject).toBe('Confirme sua conta Cotacep');
    expectNoTypedText(mail);
    expect(body(mail)).toMatch(/(^|\n)Olá,\r?\n/);
  });

  it('nor its resend, nor a password reset sent to the unconfirmed account', async () => {
    const email = uniqueEmail('victim');
    await post(test.app, '/api/auth/signup', form(email, TYPED), en);
    await test.smtp.waitFor(email);
    await test.database.db.delete(codeDeliveryThrottle);
    expect((await post(test.app, '/api/auth/signup/resend', { email })).statusCode).toBe(200);
    await drainAfterResponse();
    expect((await post(test.app, '/api/auth/forget-password', { email })).statusCode).toBe(200);
    await drainAfterResponse();
    const mails = test.smtp.messages.filter((mail) => mail.to.includes(email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Confirm your Cotacep account',
      'Confirm your Cotacep account',
      'Reset your Cotacep password',
    ]);
    for (const mail of mails) {
      expectNoTypedText(mail);
      expect(mail.text).toMatch(/(^|\n)Hello,\r?\n/);
    }
  });

  it('nor the notice to an unconfirmed account that someone signed up again', async () => {
    const email = uniqueEmail('victim');
    await post(test.app, '/api/auth/signup', form(email, TYPED), en);
    await test.smtp.waitFor(email);
    await test.database.db.delete(codeDeliveryThrottle);
    await post(test.app, '/api/auth/signup', form(email), en);
    const notice = await test.smtp.waitFor(email, (mail) => mail.subject.includes('tried'));
    expectNoTypedText(notice);
    expect(notice.text).toMatch(/(^|\n)Hello,\r?\n/);
  });

  it('nor the code sent to the new address of an e-mail change', async () => {
    const { tokens } = await signedIn(test);
    await test.app.inject({
      method: 'PATCH',
      url: '/api/account',
      payload: TYPED,
      headers: bearer(tokens.accessToken),
    });
    const next = uniqueEmail('someone.else');
    const change = await test.app.inject({
      method: 'POST',
      url: '/api/account/email',
      payload: { email: next },
      headers: bearer(tokens.accessToken),
    });
    expect(change.statusCode, change.body).toBe(200);
    expectNoTypedText(await test.smtp.waitFor(next));
  });

  it('a confirmed account’s own address is still greeted by its name', async () => {
    const email = await signUpConfirmed(test);
    const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
    await test.database.db.update(users).set(TYPED).where(eq(users.id, user!.id));
    await test.database.db.delete(codeDeliveryThrottle);
    await post(test.app, '/api/auth/forget-password', { email });
    const reset = await test.smtp.waitFor(email, (mail) => mail.subject.includes('Redefina'));
    expect(body(reset)).toContain(`Olá, ${TYPED.firstName},`);
  });
});
