import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Menu as MenuComponent } from '../../components/deferred-menu/menu.ts';
import { CheckIcon } from '../../components/icons.tsx';
import { useAccount } from '../../features/account/api/get-account.ts';
import { useOrganization } from '../../lib/organization/use-organization.ts';
import { useSwitchOrganization } from '../../lib/organization/use-switch-organization.ts';

type OrganizationMenuItemsProps = { Menu: typeof MenuComponent; onCreate: () => void };

/**
 * The account menu's organization part (issue 24), loaded after the first paint with the API client: the
 * current organization's name, the others to switch to, and "New organization". It comes after the pages,
 * so the menu's first items are the same whether or not this part has arrived when it opens.
 */
/** Cotacep's staff reach their console from the account menu (issue 26); customers never see the item. */
const useIsStaff = () => Boolean(useAccount().data?.staffRole);

export function OrganizationMenuItems({ Menu, onCreate }: OrganizationMenuItemsProps) {
  const { t } = useTranslation();
  const { organization, organizations } = useOrganization();
  const switchTo = useSwitchOrganization();
  const isStaff = useIsStaff();
  const others = organizations.filter((item) => item.id !== organization?.id);

  return (
    <>
      {isStaff && (
        <Menu.Item component={Link} to="/admin">
          {t('nav.staffConsole')}
        </Menu.Item>
      )}
      <Menu.Divider />
      {organization && (
        <Menu.Label>
          {t(others.length > 0 ? 'nav.organizations.switch' : 'nav.organizations.current')}
        </Menu.Label>
      )}
      {/* The current one opens its settings: name, members, invitations. */}
      {organization && (
        <Menu.Item
          component={Link}
          to="/account/settings?tab=members"
          leftSection={<CheckIcon size={16} />}
          aria-current="true"
        >
          {organization.name}
        </Menu.Item>
      )}
      {others.map((item) => (
        <Menu.Item
          key={item.id}
          leftSection={<span style={{ width: 16 }} />}
          onClick={() => void switchTo(item.id)}
        >
          {item.name}
        </Menu.Item>
      ))}
      <Menu.Item onClick={onCreate}>{t('nav.organizations.new')}</Menu.Item>
    </>
  );
}

const DRAWER_ITEM = { variant: 'subtle', color: 'dark', justify: 'flex-start', fullWidth: true } as const;

type OrganizationDrawerSectionProps = { onCreate: () => void; onNavigate?: () => void };

/**
 * The same in the phone drawer: the user's organizations (the current one checked) and "New organization".
 * Buttons only, whose styles the first paint already has (decision 016): this part loads outside the routes.
 */
export function OrganizationDrawerSection({ onCreate, onNavigate }: OrganizationDrawerSectionProps) {
  const { t } = useTranslation();
  const { organization, organizations } = useOrganization();
  const switchTo = useSwitchOrganization();
  const hasOthers = organizations.length > 1;
  const isStaff = useIsStaff();

  return (
    <Stack gap={4}>
      {isStaff && (
        <Button component={Link} to="/admin" onClick={onNavigate} {...DRAWER_ITEM}>
          {t('nav.staffConsole')}
        </Button>
      )}
      {organization && (
        <Text size="sm" c="dimmed">
          {t(hasOthers ? 'nav.organizations.switch' : 'nav.organizations.current')}
        </Text>
      )}
      {organization && (
        <Button
          component={Link}
          to="/account/settings?tab=members"
          onClick={onNavigate}
          aria-current="true"
          {...DRAWER_ITEM}
          leftSection={<CheckIcon size={16} />}
        >
          {organization.name}
        </Button>
      )}
      {organizations
        .filter((item) => item.id !== organization?.id)
        .map((item) => (
          <Button
            key={item.id}
            onClick={() => {
              onNavigate?.();
              void switchTo(item.id);
            }}
            {...DRAWER_ITEM}
            leftSection={<span style={{ width: 16 }} />}
          >
            {item.name}
          </Button>
        ))}
      <Button variant="default" onClick={onCreate} fullWidth mt="xs">
        {t('nav.organizations.new')}
      </Button>
    </Stack>
  );
}
