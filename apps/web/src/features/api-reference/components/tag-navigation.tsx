import { Box, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { OperationGroup } from '../lib/group-operations.ts';
import classes from './api-reference.module.css';
import { MethodBadge } from './method-badge.tsx';

const groupName = (group: OperationGroup, otherLabel: string) => group.label || otherLabel;

/** The groups and their operations: a sticky list beside the page on desktop, a select above it on phones. */
export function TagNavigation({
  groups,
  extraLinks = [],
}: {
  groups: OperationGroup[];
  /** Sections after the operations (the common errors), as `{ anchor, label }`. */
  extraLinks?: { anchor: string; label: string }[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const other = t('apiReference.otherTag');
  return (
    <>
      <Select
        hiddenFrom="md"
        label={t('apiReference.jumpTo')}
        placeholder={t('apiReference.jumpToPlaceholder')}
        data={groups.map((group) => ({
          group: groupName(group, other),
          items: group.operations.map((entry) => ({
            value: entry.anchor,
            label: `${entry.method.toUpperCase()} ${entry.operation.summary ?? entry.path}`,
          })),
        }))}
        onChange={(anchor) => anchor && navigate({ hash: anchor })}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Box
        component="nav"
        aria-label={t('apiReference.navLabel')}
        visibleFrom="md"
        className={classes.sideNav}
      >
        <Stack gap="md">
          {groups.map((group) => (
            <Stack key={group.anchor} gap={2}>
              <Text component="a" href={`#${group.anchor}`} size="sm" fw={700} c="dark" td="none">
                {groupName(group, other)}
              </Text>
              {group.operations.map((entry) => (
                <a key={entry.anchor} href={`#${entry.anchor}`} className={classes.navLink}>
                  <MethodBadge method={entry.method} size="xs" />
                  <span>{entry.operation.summary ?? entry.path}</span>
                </a>
              ))}
            </Stack>
          ))}
          {extraLinks.map((link) => (
            <Text
              key={link.anchor}
              component="a"
              href={`#${link.anchor}`}
              size="sm"
              fw={700}
              c="dark"
              td="none"
            >
              {link.label}
            </Text>
          ))}
        </Stack>
      </Box>
    </>
  );
}
