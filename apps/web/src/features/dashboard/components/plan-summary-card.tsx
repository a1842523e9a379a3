import type { PlanId } from '@cotacep/shared/plans';
import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function PlanSummaryCard({ plan }: { plan: PlanId }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg">
          {t('dashboard.plan.title')}
        </Title>
        <Badge variant="light">{t(`plans.${plan}`, { defaultValue: plan })}</Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        {t('dashboard.plan.text')}
      </Text>
      <Button component={Link} to="/account/settings?tab=billing" variant="light" fullWidth>
        {t('dashboard.plan.manage')}
      </Button>
    </Card>
  );
}
