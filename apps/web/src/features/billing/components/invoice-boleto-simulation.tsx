import type { Invoice } from '@cotacep/shared/billing-schemas';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useSimulateInvoiceBoleto } from '../api/simulate-invoice-boleto.ts';
import { BoletoOutcomeButtons } from './boleto-outcome-buttons.tsx';
import classes from './invoice.module.css';

type InvoiceBoletoSimulationProps = { invoice: Invoice; onSettled: () => void };

/**
 * Test mode only (Stripe's invoices have their own page): the bank's answer to the open boleto of a
 * renewal or of an upgrade (paid, the upgrade applies).
 */
export function InvoiceBoletoSimulation({ invoice, onSettled }: InvoiceBoletoSimulationProps) {
  const { t } = useTranslation();
  const simulate = useSimulateInvoiceBoleto(invoice.id);
  if (invoice.status !== 'open' || !invoice.boleto || invoice.hostedUrl) return null;
  return (
    <Alert color="orange" title={t('billing.testMode.badge')} className={classes.noPrint}>
      <Stack gap="sm">
        <Text size="sm">{t('billing.boleto.simulateText')}</Text>
        <FormErrorAlert error={simulate.error} />
        <BoletoOutcomeButtons
          onOutcome={(outcome) => simulate.mutate(outcome, { onSuccess: onSettled })}
          pending={simulate.isPending ? simulate.variables : null}
        />
      </Stack>
    </Alert>
  );
}
