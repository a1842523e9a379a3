import { ActionIcon, Menu } from '@mantine/core';
import { DotsIcon } from '../icons.tsx';

export type MenuAction = { label: string; onClick: () => void; isDanger?: boolean };

type ActionsMenuProps = {
  /** The button's accessible name, e.g. "Actions for Site da loja". */
  label: string;
  actions: MenuAction[];
  /** Why none of the actions is possible (the user's role): shown atop the menu, every action disabled. */
  disabledReason?: string | null;
};

/** The "⋯" menu of a key's row or a project's card: dangerous actions last, after a divider, in red. */
export function ActionsMenu({ label, actions, disabledReason = null }: ActionsMenuProps) {
  const isDisabled = disabledReason !== null;
  const safe = actions.filter((action) => !action.isDanger);
  const dangerous = actions.filter((action) => action.isDanger);
  return (
    // No focus placeholder: a focusable <div> inside role="menu" is not a menu item (axe, critical).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown maw={280}>
        {isDisabled && <Menu.Label style={{ whiteSpace: 'normal' }}>{disabledReason}</Menu.Label>}
        {safe.map((action) => (
          <Menu.Item key={action.label} onClick={action.onClick} disabled={isDisabled}>
            {action.label}
          </Menu.Item>
        ))}
        {safe.length > 0 && dangerous.length > 0 && <Menu.Divider />}
        {dangerous.map((action) => (
          // Shade 9: the default red is 3.3:1 on white, under WCAG AA.
          <Menu.Item key={action.label} color="red.9" onClick={action.onClick} disabled={isDisabled}>
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
