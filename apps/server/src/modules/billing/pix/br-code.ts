import { randomInt } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';

/** Who a code pays: the receiver's Pix key, name and city (PIX_KEY, PIX_MERCHANT_NAME, PIX_MERCHANT_CITY). */
export type PixReceiver = { key: string; name: string; city: string };

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The most letters and digits field 62's txid carries. */
const TXID_LENGTH = 25;

/** A charge's own txid: the payer's bank reports it back, so a payment names the charge it pays. */
export function createTxid(): string {
  return Array.from({ length: TXID_LENGTH }, () => TXID_ALPHABET[randomInt(TXID_ALPHABET.length)]).join('');
}

/**
 * The BR Code ("Pix copia e cola") of one charge, as pix-utils writes the BCB's EMV layout: the key under
 * GUI br.gov.bcb.pix, MCC 0000, currency 986, the amount in reais with two decimals, country BR, the
 * receiver's name and city, the txid in field 62 and the CRC16/CCITT-FALSE in field 63.
 */
export function createBrCode(receiver: PixReceiver, charge: { amountCents: number; txid: string }): string {
  const pix = createStaticPix({
    pixKey: receiver.key,
    merchantName: receiver.name,
    merchantCity: receiver.city,
    transactionAmount: charge.amountCents / 100,
    txid: charge.txid,
  });
  // The configuration is checked at start-up (pix/env.ts): a refusal here is a bug, not the customer's.
  if (hasError(pix)) throw new Error(`pix-utils refused the BR Code: ${pix.message}`);
  return pix.toBRCode();
}
