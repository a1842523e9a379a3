import { randomInt } from 'node:crypto';

/** Days a test boleto stays payable, as a bank's usual "vencimento" for a subscription. */
export const BOLETO_DAYS = 3;

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/**
 * A made-up "linha digitável" in the bank format (five groups, 47 digits): test mode prints and copies it
 * like a real one, but no bank knows it.
 */
export function createBoletoLine(amountCents: number): string {
  const amount = String(amountCents).padStart(10, '0').slice(-10);
  return `00190.${digits(5)} ${digits(5)}.${digits(6)} ${digits(5)}.${digits(6)} ${digits(1)} ${digits(4)}${amount}`;
}
