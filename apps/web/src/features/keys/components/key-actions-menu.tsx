import type { ApiKey } from '@cotacep/shared/key-schemas';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DotsIcon } from '../../../components/icons.tsx';

export type KeyAction = 'edit' | 'rotate' | 'delete';

type KeyActionsMenuProps = { apiKey: ApiKey; onAction: (action: KeyAction, apiKey: ApiKey) => void };

export function KeyActionsMenu({ apiKey, onAction }: KeyActionsMenuProps) {
  const { t } = useTranslation();
  return (
    // No focus placeholder: a focusable <div> inside role="menu" is not a menu item (axe, critical).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('keys.actionsFor', { description: apiKey.description })}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('edit', apiKey)}>{t('keys.edit')}</Menu.Item>
        <Menu.Item onClick={() => onAction('rotate', apiKey)}>{t('keys.rotate')}</Menu.Item>
        <Menu.Divider />
        {/* Shade 9: the default red is 3.3:1 on white, under WCAG AA. */}
        <Menu.Item color="red.9" onClick={() => onAction('delete', apiKey)}>
          {t('keys.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
