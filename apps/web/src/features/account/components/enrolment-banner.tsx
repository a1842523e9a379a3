import type { SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type EnrolmentBannerProps = {
  factors: SecondFactors;
  /** The page the person was going to when the organization's requirement stopped them. */
  continueTo: string;
};

/**
 * Which organization requires two-factor and what to do (until an authenticator app or a passkey is on),
 * then the way on to where the person was going.
 */
export function EnrolmentBanner({ factors, continueTo }: EnrolmentBannerProps) {
  const { t, i18n } = useTranslation();
  if (factors.hasStrongFactor) {
    return (
      <Alert color="teal" variant="light" title={t('account.enrolment.doneTitle')} role="status">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('account.enrolment.doneText')}</Text>
          <Button component={Link} to={continueTo} replace size="xs">
            {t('account.enrolment.continue')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const names = factors.requiredBy.map((organization) => organization.name);
  const organizations = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  return (
    <Alert color="yellow" variant="light" title={t('account.enrolment.requiredTitle')}>
      <Stack gap="xs">
        <Text size="sm">
          {names.length > 0
            ? t('account.enrolment.required', { count: names.length, organizations })
            : t('account.enrolment.requiredUnnamed')}
        </Text>
      </Stack>
    </Alert>
  );
}
