import { Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { KeyUsage } from '../lib/key-usage.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { KeysPanel } from './keys-panel.tsx';

type TokensTabProps = { projects: ProjectOption[]; onChanged?: () => void; usage?: KeyUsage[] };

/** Account Settings → Tokens (spec §2): every key of the account. */
export function TokensTab({ projects, onChanged, usage }: TokensTabProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('keys.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('keys.description')}
        </Text>
      </Stack>
      <KeysPanel projects={projects} onChanged={onChanged} usage={usage} />
    </Card>
  );
}
