import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createBrCode, createTxid, type PixReceiver } from './br-code.ts';

// An independent reading of the BCB's layout (Manual de Padrões para Iniciação do Pix, EMV QRCPS-MPM), so a
// broken library or a wrong call fails here rather than at the payer's bank.

/** EMV TLV: two-digit tag, two-digit length, the value; the whole string must be consumed exactly. */
function decodeTlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !/^\d{2}$/.test(payload.slice(at + 2, at + 4))) {
      throw new Error(`bad TLV header at ${at}`);
    }
    const value = payload.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${tag} runs past the end`);
    if (fields.has(tag)) throw new Error(`field ${tag} twice`);
    fields.set(tag, value);
    at += 4 + length;
  }
  return fields;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR; four upper hex digits. */
function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The fields a bank app reads, after checking the CRC over everything up to and including "6304". */
function decodeBrCode(payload: string) {
  const fields = decodeTlv(payload);
  const keys = [...fields.keys()];
  expect(keys[0]).toBe('00');
  expect(keys.at(-1)).toBe('63');
  expect(fields.get('63')).toHaveLength(4);
  expect(fields.get('63')).toBe(crc16CcittFalse(payload.slice(0, -4)));
  const account = decodeTlv(fields.get('26') ?? '');
  const additional = decodeTlv(fields.get('62') ?? '');
  return {
    formatIndicator: fields.get('00'),
    gui: account.get('00'),
    key: account.get('01'),
    mcc: fields.get('52'),
    currency: fields.get('53'),
    amount: fields.get('54'),
    country: fields.get('58'),
    name: fields.get('59'),
    city: fields.get('60'),
    txid: additional.get('05'),
  };
}

const RECEIVER: PixReceiver = {
  key: '52c5a0d9-546f-4459-855b-627a562b21db',
  name: 'COTACEP',
  city: 'SAO PAULO',
};

describe('the decoder of this test', () => {
  // The example the BCB publishes in its manual, with its CRC.
  const BCB_EXAMPLE =
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
    '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

  it('reads the BCB manual’s example and agrees with its CRC', () => {
    expect(decodeBrCode(BCB_EXAMPLE)).toEqual({
      formatIndicator: '01',
      gui: 'br.gov.bcb.pix',
      key: '123e4567-e12b-12d1-a456-426655440000',
      mcc: '0000',
      currency: '986',
      amount: undefined,
      country: 'BR',
      name: 'Fulano de Tal',
      city: 'BRASILIA',
      txid: '***',
    });
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it('refuses a code with one character changed, or cut short', () => {
    expect(() => decodeBrCode(BCB_EXAMPLE.replace('BRASILIA', 'BRASILIO'))).toThrow();
    expect(() => decodeTlv(BCB_EXAMPLE.slice(0, -2))).toThrow(/runs past the end/);
  });

  it('matches what the library writes for the same example (it writes the name in capitals)', () => {
    const example = { key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' };
    const written = createBrCode(example, { amountCents: 0, txid: '***' });
    expect(written.slice(0, -4)).toBe(BCB_EXAMPLE.replace('Fulano de Tal', 'FULANO DE TAL').slice(0, -4));
    expect(decodeBrCode(written)).toEqual({ ...decodeBrCode(BCB_EXAMPLE), name: 'FULANO DE TAL' });
  });
});

describe('createBrCode', () => {
  it('writes the charge: key, amount with two decimals, currency, country, name, city, txid and CRC', () => {
    const txid = createTxid();
    const code = createBrCode(RECEIVER, { amountCents: 79_900, txid });
    expect(decodeBrCode(code)).toEqual({
      formatIndicator: '01',
      gui: 'br.gov.bcb.pix',
      key: RECEIVER.key,
      mcc: '0000',
      currency: '986',
      amount: '799.00',
      country: 'BR',
      name: 'COTACEP',
      city: 'SAO PAULO',
      txid,
    });
  });

  it.each([
    [2_990, '29.90'],
    [1, '0.01'],
    [123_456_789, '1234567.89'],
  ])('writes %i cents as %s', (amountCents, amount) => {
    expect(decodeBrCode(createBrCode(RECEIVER, { amountCents, txid: 'ABC123' })).amount).toBe(amount);
  });

  it('takes every kind of Pix key the configuration accepts', () => {
    for (const key of ['financeiro@cotacep.com.br', '+5511987654321', '52998224725', '11222333000181']) {
      expect(decodeBrCode(createBrCode({ ...RECEIVER, key }, { amountCents: 100, txid: 'T1' })).key).toBe(
        key,
      );
    }
  });
});

describe('createTxid', () => {
  it('is 25 letters and digits, different each time', () => {
    const txids = new Set(Array.from({ length: 50 }, createTxid));
    expect(txids.size).toBe(50);
    for (const txid of txids) expect(txid).toMatch(/^[A-Z0-9]{25}$/);
  });
});

describe('the Pix configuration', () => {
  it('defaults to a made-up random key, COTACEP and SAO PAULO', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PIX_MERCHANT_NAME: 'COTACEP', PIX_MERCHANT_CITY: 'SAO PAULO' });
    expect(config.PIX_KEY).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it.each([
    [{ PIX_KEY: 'not a key' }, 'PIX_KEY'],
    [{ PIX_MERCHANT_NAME: 'A NAME MUCH LONGER THAN 25 LETTERS' }, 'PIX_MERCHANT_NAME'],
    [{ PIX_MERCHANT_CITY: 'SÃO PAULO' }, 'PIX_MERCHANT_CITY'],
  ])('refuses %j at start-up, naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}: must`));
  });
});
