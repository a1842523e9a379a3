import { TEST_CARDS } from '@cotacep/shared/billing-schemas';
import { Button, Code, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { formatCardNumber } from '../lib/card-format.ts';

type TestCardsTableProps = { onUse: (cardNumber: string) => void };

type Card = [behaviour: keyof typeof TEST_CARDS, number: string];
// Object.entries widens the keys to string; TEST_CARDS is an `as const` literal with exactly these keys.
const CARDS = Object.entries(TEST_CARDS) as Card[];

/** Test mode's cards and what each does, as in Stripe's documentation; two columns fit a phone. */
export function TestCardsTable({ onUse }: TestCardsTableProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('billing.testCards.title')} description={t('billing.testCards.description')}>
      <Table verticalSpacing="xs" horizontalSpacing={0} layout="auto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('billing.testCards.number')}</Table.Th>
            <Table.Th w={72}>
              <VisuallyHidden>{t('billing.testCards.use')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {CARDS.map(([behaviour, number]) => (
            <Table.Tr key={behaviour}>
              <Table.Td>
                <Stack gap={2}>
                  <Code style={{ whiteSpace: 'nowrap', alignSelf: 'flex-start' }}>
                    {formatCardNumber(number)}
                  </Code>
                  <Text size="sm" c="dimmed">
                    {t(`billing.testCards.behaviours.${behaviour}`)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => onUse(number)}
                  aria-label={t('billing.testCards.useLabel', { number: formatCardNumber(number) })}
                >
                  {t('billing.testCards.use')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </SettingsSection>
  );
}
