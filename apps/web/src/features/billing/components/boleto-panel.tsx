import type { TestCheckout } from '@cotacep/shared/billing-schemas';
import { Badge, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { useSimulateBoleto } from '../api/simulate-boleto.ts';
import { formatDate } from '../lib/format-date.ts';
import { BoletoOutcomeButtons } from './boleto-outcome-buttons.tsx';

type BoletoPanelProps = { checkout: TestCheckout; boleto: NonNullable<TestCheckout['boleto']> };

/** A boleto waiting for the bank: its line to copy, its expiry, and test mode's two outcomes. */
export function BoletoPanel({ checkout, boleto }: BoletoPanelProps) {
  const { t, i18n } = useTranslation();
  const simulate = useSimulateBoleto(checkout.id);

  return (
    <SettingsSection title={t('billing.boleto.title')} description={t('billing.boleto.pendingText')}>
      <Stack>
        <Group gap="xs">
          <Badge color="yellow" variant="light" style={{ textTransform: 'none' }}>
            {t('billing.boleto.pending')}
          </Badge>
          <Text size="sm">
            {t('billing.boleto.expiresOn', { date: formatDate(boleto.expiresAt, i18n.language) })}
          </Text>
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="boleto-line-label">
            {t('billing.boleto.line')}
          </Text>
          <Code
            block
            aria-labelledby="boleto-line-label"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {boleto.line}
          </Code>
          <Group>
            <CopyButton value={boleto.line}>
              {({ copied, copy }) => (
                <Button variant="light" size="xs" onClick={copy}>
                  {copied ? t('actions.copied') : t('billing.boleto.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
        <FormErrorAlert error={simulate.error} />
        <Text size="sm" c="dimmed">
          {t('billing.boleto.simulateText')}
        </Text>
        <BoletoOutcomeButtons
          onOutcome={(outcome) => simulate.mutate(outcome)}
          pending={simulate.isPending ? simulate.variables : null}
        />
      </Stack>
    </SettingsSection>
  );
}
