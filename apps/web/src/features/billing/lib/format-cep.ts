/** A stored CEP (8 digits) as people write it, 01310-100; anything else as given. */
export function formatCep(value: string): string {
  return value.replace(/^(\d{5})(\d{3})$/, '$1-$2');
}
