// One formatter for the screens and the server's PDFs (issue 27): it lives with the check digits.
export { formatTaxId } from '@cotacep/shared/tax-id';
