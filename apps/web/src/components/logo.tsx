import { Group, Text } from '@mantine/core';
import { getAppConfig } from '../lib/app-config.ts';

type LogoProps = { size?: number };

/** The brand mark (the favicon's "C") and the configured app name. */
export function Logo({ size = 30 }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0b7a5b" />
        <path
          d="M9 20.5c1.6 2 3.9 3 6.6 3 4.7 0 8-3.3 8-7.5S20.3 8.5 15.6 8.5c-2.7 0-5 1-6.6 3"
          fill="none"
          stroke="#fff"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <Text component="span" fw={800} fz="lg" c="var(--mantine-color-text)">
        {getAppConfig().appName}
      </Text>
    </Group>
  );
}
