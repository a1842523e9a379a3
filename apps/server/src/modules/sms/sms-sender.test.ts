import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.ts';
import { formOf, startHttpStub } from '../../test/http-stub.ts';
import { listOutbox } from '../mail/outbox.ts';
import { createSmsSender } from './sms-sender.ts';

const gateway = await startHttpStub((request) =>
  formOf(request).To === '+15005550001'
    ? {
        status: 400,
        json: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
      }
    : { status: 201, json: { sid: 'SM0123', status: 'queued' } },
);
const database = await createTestDatabase();
afterAll(async () => {
  await gateway.close();
  await database.close();
});
const log = { info() {}, warn() {}, error() {} } as never;

describe('SMS sender', () => {
  it('posts the Twilio Messages form with Basic auth to the configured base URL', async () => {
    const sender = createSmsSender({
      provider: {
        apiUrl: `${gateway.url}/twilio`,
        accountSid: 'AC9',
        authToken: 'tok',
        from: '+15005550006',
      },
      db: database.db,
      log,
    });
    await sender.send({ to: '+5511987654321', body: 'Cotacep: 123456', language: 'pt-BR' });
    const request = gateway.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/twilio/2010-04-01/Accounts/AC9/Messages.json');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(formOf(request)).toEqual({ To: '+5511987654321', From: '+15005550006', Body: 'Cotacep: 123456' });
  });

  it('reports a refused message as an error', async () => {
    const sender = createSmsSender({
      provider: { apiUrl: gateway.url, accountSid: 'AC9', authToken: 'tok', from: '+15005550006' },
      db: database.db,
      log,
    });
    await expect(sender.send({ to: '+15005550001', body: 'x', language: 'en' })).rejects.toThrow(/400/);
  });

  it('keeps the message in the outbox without a provider', async () => {
    const sender = createSmsSender({ provider: null, db: database.db, log });
    await sender.send({ to: '+5511900000000', body: 'Cotacep: 999999', language: 'en' });
    const [kept] = await listOutbox(database.db, 'sms', '+5511900000000');
    expect(kept).toMatchObject({ channel: 'sms', recipient: '+5511900000000', text: 'Cotacep: 999999' });
  });
});
