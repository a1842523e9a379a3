import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useInvoices } from '../api/get-invoices.ts';
import { useInvoicesNfsePolling } from '../lib/use-nfse-polling.ts';
import { InvoicesTable } from './invoices-table.tsx';
import { SectionLoader } from './section-loader.tsx';

export function InvoicesSection() {
  const { t } = useTranslation();
  const invoices = useInvoices();
  // A nota on its way (issue 27) shows as issued or cancelled without a reload.
  useInvoicesNfsePolling();
  return (
    <SettingsSection title={t('billing.invoices.title')} description={t('billing.invoices.description')}>
      <FormErrorAlert error={invoices.error} />
      {invoices.isPending && <SectionLoader />}
      {invoices.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('billing.invoices.empty')}
        </Text>
      )}
      {invoices.data && invoices.data.length > 0 && <InvoicesTable items={invoices.data} />}
    </SettingsSection>
  );
}
