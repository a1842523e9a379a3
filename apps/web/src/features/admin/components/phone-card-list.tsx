import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type PhoneCardListProps<Item> = {
  items: readonly Item[];
  label: string;
  keyOf: (item: Item) => string;
  children: (item: Item) => ReactNode;
  /** Space between a card's lines. */
  gap?: number;
};

/** Below `sm`, a section's table becomes this list: one card per row, separated by a rule. */
export function PhoneCardList<Item>({ items, label, keyOf, children, gap = 6 }: PhoneCardListProps<Item>) {
  return (
    <Stack
      hiddenFrom="sm"
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
    >
      {items.map((item) => (
        <Stack
          key={keyOf(item)}
          component="li"
          gap={gap}
          pb="sm"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          {children(item)}
        </Stack>
      ))}
    </Stack>
  );
}
