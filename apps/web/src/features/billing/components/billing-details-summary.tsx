import type { BillingDetails } from '@cotacep/shared/billing-details-schemas';
import { BRAZIL } from '@cotacep/shared/billing-schemas';
import { formatTaxId, getTaxIdKind } from '@cotacep/shared/tax-id';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatCep } from '../lib/format-cep.ts';

/** "Avenida Paulista, 1000, sala 5 – Bela Vista": the street line as a Brazilian address writes it. */
function streetLine(details: BillingDetails): string {
  const street = [details.street, details.number, details.complement].filter(Boolean).join(', ');
  return details.district ? `${street} – ${details.district}` : street;
}

/** The saved billing details, as the invoices and notas will print them, and where they are sent. */
export function BillingDetailsSummary({ details }: { details: BillingDetails }) {
  const { t, i18n } = useTranslation();
  const isBrazil = details.country === BRAZIL;
  const kind = getTaxIdKind(details.taxId);
  const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(details.country);
  const taxLabel = kind ? t(`billing.invoice.taxId.${kind}`) : t('billing.invoice.taxId.other');
  const registrations = [
    details.stateRegistration &&
      `${t('billing.details.stateRegistrationShort')}: ${details.stateRegistration}`,
    details.municipalRegistration &&
      `${t('billing.details.municipalRegistrationShort')}: ${details.municipalRegistration}`,
  ].filter(Boolean);
  const postalCode = isBrazil ? formatCep(details.postalCode) : details.postalCode;

  return (
    <Stack gap={2}>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {details.legalName}
      </Text>
      {details.taxId && (
        <Text size="sm">
          {taxLabel}: {formatTaxId(details.taxId)}
        </Text>
      )}
      {registrations.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      <Text size="sm">{streetLine(details)}</Text>
      <Text size="sm">
        {details.city} – {details.state}, {postalCode}
      </Text>
      <Text size="sm">{country ?? details.country}</Text>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        <Text span size="sm" c="dimmed">
          {t('billing.details.emailsTo')}
        </Text>{' '}
        {details.emails.join(', ')}
      </Text>
    </Stack>
  );
}
