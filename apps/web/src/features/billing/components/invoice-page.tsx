import { Button, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import { useInvoice } from '../api/get-invoice.ts';
import { BILLING_TAB_PATH } from '../lib/paths.ts';
import classes from './invoice.module.css';
import { InvoiceBoletoSimulation } from './invoice-boleto-simulation.tsx';
import { InvoiceSheet } from './invoice-sheet.tsx';

/** `/billing/invoices/:id`: a printable invoice (test mode; Stripe hosts its own). */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);

  return (
    <Container size="lg" py="xl" className={classes.invoice}>
      <Stack gap="lg">
        <Group justify="space-between" className={classes.noPrint}>
          <Button component={Link} to={BILLING_TAB_PATH} variant="default">
            {t('billing.invoice.back')}
          </Button>
          <Button onClick={() => window.print()} disabled={!invoice.data}>
            {t('billing.invoice.print')}
          </Button>
        </Group>
        <FormErrorAlert error={invoice.error} />
        {invoice.isPending && <PageLoader />}
        {invoice.data && <InvoiceBoletoSimulation invoice={invoice.data} />}
        {invoice.data && <InvoiceSheet invoice={invoice.data} />}
      </Stack>
    </Container>
  );
}
