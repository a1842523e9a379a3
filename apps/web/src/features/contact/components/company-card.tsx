import { COMPANY } from '@cotacep/shared/company';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CompanyAddress } from '#web/components/company-address.tsx';

/** Who answers, and where to write or send post: the same `COMPANY` the privacy policy and the invoices name. */
export function CompanyCard() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={titleId}>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('contact.companyTitle')}
        </Text>
        <Title order={2} fz="md" id={titleId}>
          {COMPANY.legalName}
        </Title>
        <CompanyAddress />
        <Text size="sm" mt="xs">
          {t('contact.emailLabel')}{' '}
          <Anchor href={`mailto:${COMPANY.email}`} inherit>
            {COMPANY.email}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
