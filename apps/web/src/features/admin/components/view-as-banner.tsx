import { Box, Button, Container, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootStyleProperty } from '#web/lib/use-root-style-property.ts';
import { endViewAs, type ViewAs } from '#web/lib/view-as/view-as-store.ts';
import { endViewAsOnServer } from '../api/end-view-as.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** What is left of the view, `mm:ss`, ticking every second; at zero the view ends. */
function useTimeLeft(expiresAt: string): number {
  const deadline = Date.parse(expiresAt);
  const [left, setLeft] = useState(() => Math.max(0, deadline - Date.now()));
  useEffect(() => {
    const tick = () => {
      const next = Math.max(0, deadline - Date.now());
      setLeft(next);
      if (next === 0) endViewAs('expired');
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}

/**
 * "Vendo como Ana (ana@loja.com) — somente leitura · 28:41 · Encerrar visualização": above the header on
 * every screen while a staff member views a customer, sticky, so it never leaves the window. Its height
 * moves the sticky header down (`--view-as-banner-room`).
 */
export function ViewAsBanner({ view }: { view: ViewAs }) {
  const { t } = useTranslation();
  const { ref, height } = useElementSize();
  const left = useTimeLeft(view.expiresAt);
  const seconds = Math.ceil(left / 1000);
  useRootStyleProperty('--view-as-banner-room', height ? `${Math.ceil(height)}px` : null);

  const onEnd = () => {
    const ended = endViewAs('ended');
    // The tab is the staff member's again: the server ends the customer's token with their own.
    if (ended) void endViewAsOnServer(ended.impersonationId).catch(() => undefined);
  };

  return (
    <Box
      ref={ref}
      role="region"
      aria-label={t('admin.viewAs.label')}
      bg="violet.9"
      c="white"
      py={8}
      style={{ position: 'sticky', top: 0, zIndex: 210 }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="white">
            {t('admin.viewAs.viewing', {
              name: view.user.name,
              email: view.user.email,
              organization: view.organizationName,
            })}{' '}
            <Text span fw={700} inherit>
              {t('admin.viewAs.readOnly')}
            </Text>
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="white">
              {t('admin.viewAs.timeLeft', { time: `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}` })}
            </Text>
            <Button size="compact-sm" color="white" variant="white" c="violet.9" onClick={onEnd}>
              {t('admin.viewAs.end')}
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
