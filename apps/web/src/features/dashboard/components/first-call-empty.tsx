import { Anchor, Box, Code, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** No requests yet: the two steps to the first call. */
export function FirstCallEmpty() {
  const { t } = useTranslation();
  const example = `curl "${window.location.origin}/quotes/json/last/USD-BRL?token=${t('quickStart.keyPlaceholder')}"`;
  return (
    <Stack gap="sm" py="md">
      <Title order={3} fz="md">
        {t('dashboard.empty.title')}
      </Title>
      <Text size="sm">
        <Trans
          i18nKey="dashboard.empty.step1"
          components={{ keyLink: <Anchor component={Link} to="/account/settings?tab=tokens" /> }}
        />
      </Text>
      <Text size="sm">{t('dashboard.empty.step2')}</Text>
      <Box miw={0}>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {example}
        </Code>
      </Box>
      <Text size="xs" c="dimmed">
        {t('dashboard.empty.step3')}
      </Text>
    </Stack>
  );
}
