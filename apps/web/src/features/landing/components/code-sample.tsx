import { Box, Button, CopyButton, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

type CodeSampleProps = { label: string; code: string };

export function CodeSample({ label, code }: CodeSampleProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs" shadow="sm" miw={0}>
      <Group justify="space-between" px={6} pb={6} wrap="nowrap">
        <Text size="xs" fw={600} c="dimmed" truncate>
          {label}
        </Text>
        <CopyButton value={code}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant={copied ? 'light' : 'subtle'} onClick={copy}>
              {copied ? t('actions.copied') : t('actions.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Box component="pre" className={classes.code} m={0}>
        <code>{code}</code>
      </Box>
    </Paper>
  );
}
