/**
 * Splits a logradouro the way the familiar CEP API does: the first word is the type ("Praça"), the rest
 * the name ("da Sé"). A one-word logradouro has no type and is all name; an empty one gives two empties.
 * Correios' abbreviations stay as published ("R. Caiubi" → "R.", "Caiubi").
 */
export function splitStreet(street: string): { type: string; name: string } {
  const clean = street.trim().replace(/\s+/g, ' ');
  const space = clean.indexOf(' ');
  if (space === -1) return { type: '', name: clean };
  return { type: clean.slice(0, space), name: clean.slice(space + 1) };
}
