import type { Invoice } from '@cotacep/shared/billing-schemas';
import { getTaxIdKind } from '@cotacep/shared/tax-id';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTaxId } from '#web/lib/format/format-tax-id.ts';

type BilledToProps = { billedTo: NonNullable<Invoice['billedTo']> };

/** The buyer as the invoice names them, with the CPF or CNPJ written as people write it. */
export function BilledTo({ billedTo }: BilledToProps) {
  const { t, i18n } = useTranslation();
  const kind = getTaxIdKind(billedTo.taxId);
  const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(billedTo.country);
  return (
    <Stack gap={2}>
      <Text fw={700}>{billedTo.name}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {billedTo.email}
      </Text>
      {/* Outside Brazil the tax id is optional, and written as its country writes it. */}
      {billedTo.taxId && (
        <Text size="sm">
          {kind ? t(`billing.invoice.taxId.${kind}`) : t('billing.invoice.taxId.other')}:{' '}
          {formatTaxId(billedTo.taxId)}
        </Text>
      )}
      <Text size="sm">{billedTo.addressLine}</Text>
      <Text size="sm">
        {billedTo.city} – {billedTo.state}, {billedTo.postalCode}
      </Text>
      <Text size="sm">{country ?? billedTo.country}</Text>
    </Stack>
  );
}
