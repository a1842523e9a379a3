import { Badge, Button, EmptyState, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { BoltIcon } from '../../../components/icons.tsx';
import { useKeys } from '../api/get-keys.ts';
import { CreateKeyModal } from './create-key-modal.tsx';
import { SettingsSection } from './settings-section.tsx';

/** API tokens and keys (spec §2): the list and the create dialog; a new secret is shown once. */
export function TokensTab() {
  const { t } = useTranslation();
  const keys = useKeys();
  const [isCreating, creating] = useDisclosure(false);
  const items = keys.data?.items ?? [];
  const isAtLimit = keys.data ? items.length >= keys.data.maxKeys : false;

  return (
    <SettingsSection title={t('account.tokens.title')} description={t('account.tokens.description')}>
      <Stack>
        <Group justify="flex-end">
          <Button onClick={creating.open} disabled={isAtLimit}>
            {t('account.tokens.create')}
          </Button>
        </Group>
        <FormErrorAlert error={keys.error} />
        {keys.isPending && <Skeleton h={80} />}
        {keys.isSuccess && items.length === 0 && (
          <EmptyState
            icon={<BoltIcon size={28} />}
            variant="light"
            title={t('account.tokens.emptyTitle')}
            description={t('account.tokens.emptyText')}
          />
        )}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account.tokens.descriptionLabel')}</Table.Th>
                  <Table.Th>{t('account.tokens.kind')}</Table.Th>
                  <Table.Th>{t('account.tokens.prefix')}</Table.Th>
                  <Table.Th>{t('account.tokens.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((key) => (
                  <Table.Tr key={key.id}>
                    <Table.Td>{key.description}</Table.Td>
                    <Table.Td>{t(`account.tokens.${key.kind}`)}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" size="sm">
                        {key.prefix}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={key.enabled ? 'brand' : 'gray'} variant="light">
                        {t(key.enabled ? 'account.tokens.enabled' : 'account.tokens.disabled')}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreateKeyModal opened={isCreating} onClose={creating.close} />
    </SettingsSection>
  );
}
