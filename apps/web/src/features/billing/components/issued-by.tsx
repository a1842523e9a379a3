import { COMPANY } from '@cotacep/shared/company';
import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyAddress } from '#web/components/company-address.tsx';

/** The invoice's issuer: name, CNPJ, address and e-mail, the same `COMPANY` the PDF and the contact page show. */
export function IssuedBy() {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={2} role="group" aria-labelledby={labelId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={labelId}>
        {t('billing.invoice.issuedBy')}
      </Text>
      <Text fw={700}>{COMPANY.legalName}</Text>
      <CompanyAddress />
      <Text size="sm">{COMPANY.email}</Text>
    </Stack>
  );
}
