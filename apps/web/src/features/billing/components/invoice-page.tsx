import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { BILLING_TAB_PATH } from '../lib/paths.ts';
import classes from './invoice.module.css';
import { InvoiceBoletoSimulation } from './invoice-boleto-simulation.tsx';
import { InvoiceNfseSection } from './invoice-nfse-section.tsx';
import { InvoiceSheet } from './invoice-sheet.tsx';
import { PixInvoicePayment } from './pix-invoice-payment.tsx';
import { TestRefundButton } from './test-refund-button.tsx';

type InvoicePageProps = {
  /** The bank's answer to the invoice's boleto may have changed the plan (an upgrade paid). */
  onPlanChanged: () => void;
};

/** `/billing/invoices/:id`: a printable invoice (test mode; Stripe hosts its own). */
export function InvoicePage({ onPlanChanged }: InvoicePageProps) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const download = useDownloadInvoicePdf();

  return (
    <Container size="lg" py="xl" className={classes.invoice}>
      <Stack gap="lg">
        <Group justify="space-between" className={classes.noPrint}>
          <Button component={Link} to={BILLING_TAB_PATH} variant="default">
            {t('billing.invoice.back')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={() => window.print()} disabled={!invoice.data}>
              {t('billing.invoice.print')}
            </Button>
            <Button
              onClick={() => invoice.data && download.mutate(invoice.data)}
              disabled={!invoice.data}
              loading={download.isPending}
            >
              {t('billing.invoice.downloadPdf')}
            </Button>
          </Group>
        </Group>
        <FormErrorAlert error={invoice.error} />
        {download.isError && (
          <Alert color="red" variant="light" className={classes.noPrint}>
            {t('billing.invoice.downloadFailed')}
          </Alert>
        )}
        {invoice.isPending && <PageLoader />}
        {invoice.data && <InvoiceBoletoSimulation invoice={invoice.data} onSettled={onPlanChanged} />}
        {invoice.data && <PixInvoicePayment invoice={invoice.data} onPaid={onPlanChanged} />}
        {invoice.data && <TestRefundButton invoice={invoice.data} />}
        {invoice.data && <InvoiceSheet invoice={invoice.data} />}
        {invoice.data && <InvoiceNfseSection invoice={invoice.data} />}
      </Stack>
    </Container>
  );
}
