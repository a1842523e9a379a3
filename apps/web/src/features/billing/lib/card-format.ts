/** A card number as typed into the field: digits in groups of four, at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** An expiry as typed: "1228" → "12/28"; the slash comes once the month is whole. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A CVC as typed: 3 or 4 digits. */
export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
