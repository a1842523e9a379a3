import { z } from 'zod';

/** The BR Code's text fields: printable ASCII, since the EMV lengths count characters (an accent would not fit). */
const emvText = (max: number, example: string) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^[\\x20-\\x7E]{1,${max}}$`),
      `must be ${max} or fewer letters without accents, e.g. ${example}`,
    );

/**
 * A Pix key as the DICT registers it: a random key (EVP, a UUID), an e-mail, a phone (+55…), a CPF or a CNPJ.
 * Field 26 of the BR Code holds at most 99 characters, 22 of them the GUI and the key's tag: 77 for the key.
 */
const pixKey = z
  .string()
  .trim()
  .max(77, 'must be a Pix key of 77 characters at most')
  .regex(
    /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[^\s@]+@[^\s@]+\.[^\s@]+|\+55\d{10,11}|\d{11}|\d{14})$/,
    'must be a Pix key: a random key (UUID), an e-mail, +55 and a phone number, a CPF or a CNPJ (digits)',
  );

/** Who the BR Codes of test mode's Pix pay (issue 27), spread into config.ts's envSchema. */
export const pixEnv = {
  /** The receiver's Pix key; the default is a made-up random key, so a test code pays nobody. */
  PIX_KEY: pixKey.default('52c5a0d9-546f-4459-855b-627a562b21db'),
  /** The receiver's name as the payer's bank app shows it (EMV field 59). */
  PIX_MERCHANT_NAME: emvText(25, 'COTACEP').default('COTACEP'),
  /** The receiver's city (EMV field 60). */
  PIX_MERCHANT_CITY: emvText(15, 'SAO PAULO').default('SAO PAULO'),
};
