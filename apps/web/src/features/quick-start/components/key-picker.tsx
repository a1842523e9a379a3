import type { ApiKey } from '@cotacep/shared/key-schemas';
import { Badge, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type KeyPickerProps = { keys: ApiKey[]; chosen: ApiKey; onChoose: (id: string) => void };

/** "Site da loja · ck_pub_3fQk… · pública", and "(desativada)" for a key that answers nothing. */
function useKeyLabel() {
  const { t } = useTranslation();
  return (key: ApiKey) =>
    [
      key.description,
      `${key.prefix}…`,
      t(`quickStart.key.kind.${key.kind}`),
      ...(key.enabled ? [] : [t('quickStart.key.disabled')]),
    ].join(' · ');
}

export function KeyPicker({ keys, chosen, onChoose }: KeyPickerProps) {
  const { t } = useTranslation();
  const labelOf = useKeyLabel();
  if (keys.length === 1) {
    return (
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('quickStart.key.single')}
        </Text>
        <Text size="sm">{chosen.description}</Text>
        <Badge variant="light" tt="none" ff="monospace">
          {`${chosen.prefix}…`}
        </Badge>
        <Badge variant="outline" color="gray">
          {t(`quickStart.key.kind.${chosen.kind}`)}
        </Badge>
      </Group>
    );
  }
  return (
    <Select
      label={t('quickStart.key.picker')}
      data={keys.map((key) => ({ value: key.id, label: labelOf(key) }))}
      value={chosen.id}
      onChange={(id) => id && onChoose(id)}
      allowDeselect={false}
      maw={560}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
