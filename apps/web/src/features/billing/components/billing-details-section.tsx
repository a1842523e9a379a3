import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { DeniedReason, reasonProps } from '#web/components/permission/denied-reason.tsx';
import { usePermission } from '#web/lib/organization/use-permission.ts';
import { useBillingDetails } from '../api/get-billing-details.ts';
import { BILLING_DETAILS_ID, isResumePath } from '../lib/paths.ts';
import { BillingDetailsForm } from './billing-details-form.tsx';
import { BillingDetailsSummary } from './billing-details-summary.tsx';
import { SectionLoader } from './section-loader.tsx';

/**
 * The Billing tab's "Billing details" (issue 27): what is saved, and the form for Owners and Billing
 * members (open at once while nothing is saved). A checkout in reais links here (`#billing-details`).
 */
export function BillingDetailsSection() {
  const { t } = useTranslation();
  const { hash, search } = useLocation();
  // Sent here by a refused purchase: once saved, the way back to it.
  const resume = new URLSearchParams(search).get('resume');
  const write = usePermission('billing.write');
  const details = useBillingDetails();
  const [isEditing, setEditing] = useState(false);
  const saved = details.data ?? null;
  const isFormOpen = write.isAllowed && details.isRead && (isEditing || saved === null);

  // Sent here from a checkout: the section comes into view once it has its height, below the sticky header.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash === `#${BILLING_DETAILS_ID}` && details.isRead)
      top.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, details.isRead]);

  return (
    <div ref={top} style={{ scrollMarginTop: 80 }}>
      <SettingsSection
        id={BILLING_DETAILS_ID}
        title={t('billing.details.title')}
        description={t('billing.details.description')}
      >
        <Stack>
          <FormErrorAlert error={details.error} />
          {!details.isRead && !details.error && <SectionLoader />}
          {isFormOpen && (
            <BillingDetailsForm
              saved={saved}
              onSaved={() => setEditing(false)}
              onCancel={saved ? () => setEditing(false) : undefined}
            />
          )}
          {!isFormOpen && details.isRead && saved && isResumePath(resume) && (
            <Alert color="brand" variant="light" role="status">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t('billing.details.resumeText')}</Text>
                <Button component={Link} to={resume}>
                  {t('billing.details.resume')}
                </Button>
              </Group>
            </Alert>
          )}
          {!isFormOpen && details.isRead && saved && (
            <>
              <BillingDetailsSummary details={saved} />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  onClick={() => setEditing(true)}
                  disabled={!write.isAllowed}
                  aria-label={t('billing.details.editDetails')}
                  {...reasonProps(write)}
                >
                  {t('billing.details.edit')}
                </Button>
              </Group>
            </>
          )}
          {!isFormOpen && details.isRead && !saved && <Text size="sm">{t('billing.details.none')}</Text>}
          <DeniedReason permission={write} />
        </Stack>
      </SettingsSection>
    </div>
  );
}
