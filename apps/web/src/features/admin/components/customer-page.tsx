import { Alert, Container, Grid, Skeleton, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { normalizeError } from '#web/lib/api/normalize-error.ts';
import { useCustomer } from '../api/get-customer.ts';
import type { CustomerAction } from '../lib/customer-action.ts';
import { CustomerActionDialog } from './customer-action-dialog.tsx';
import { CustomerHeader } from './customer-header.tsx';
import { CustomerTrailSection } from './customer-trail-section.tsx';
import { KeysSection } from './keys-section.tsx';
import { MembersSection } from './members-section.tsx';
import { NfseSection } from './nfse-section.tsx';
import { QuotaSection } from './quota-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SubscriptionSection } from './subscription-section.tsx';

export type CustomerPageProps = {
  /** The customer's usage chart: the very component their dashboard shows, composed in `app/`. */
  renderUsage: (organizationId: string) => ReactNode;
};

/** Everything about one customer (an organization), and the actions on it. */
export function CustomerPage({ renderUsage }: CustomerPageProps) {
  const { t } = useTranslation();
  const organizationId = useParams().organizationId ?? '';
  const customer = useCustomer(organizationId);
  const [action, setAction] = useState<CustomerAction | null>(null);
  const isMissing = customer.error && normalizeError(customer.error).status === 404;

  return (
    <Container size="lg" py="lg">
      {isMissing ? (
        <Alert color="gray" variant="light" role="status" title={t('admin.customer.notFoundTitle')}>
          {t('admin.customer.notFound')}
        </Alert>
      ) : (
        <FormErrorAlert error={customer.error} />
      )}
      {customer.isPending && <Skeleton h={400} radius="md" />}
      {customer.data && (
        <>
          <CustomerHeader customer={customer.data} onAction={setAction} />
          <Stack gap="lg">
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <QuotaSection customer={customer.data} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 7 }}>{renderUsage(organizationId)}</Grid.Col>
            </Grid>
            <MembersSection customer={customer.data} onAction={setAction} />
            <KeysSection customer={customer.data} onAction={setAction} />
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <SubscriptionSection customer={customer.data} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <SessionsSection customer={customer.data} />
              </Grid.Col>
            </Grid>
            <NfseSection organizationId={organizationId} />
            <CustomerTrailSection organizationId={organizationId} />
          </Stack>
          <CustomerActionDialog action={action} customer={customer.data} onClose={() => setAction(null)} />
        </>
      )}
    </Container>
  );
}
