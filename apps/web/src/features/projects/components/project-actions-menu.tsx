import type { Project } from '@cotacep/shared/project-schemas';
import { ActionIcon, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DotsIcon } from '../../../components/icons.tsx';

type ProjectActionsMenuProps = { project: Project; onEdit: () => void; onDelete: () => void };

export function ProjectActionsMenu({ project, onEdit, onDelete }: ProjectActionsMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('projects.actionsFor', { name: project.name })}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onEdit}>{t('projects.edit')}</Menu.Item>
        <Menu.Item color="red.9" onClick={onDelete}>
          {t('projects.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
