import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import { getBlocks, getInlines } from '../lib/description-blocks.ts';

export function InlineText({ text }: { text: string }) {
  return getInlines(text).map((part, index) => {
    const key = `${index}-${part.kind}`;
    if (part.kind === 'code') return <Code key={key}>{part.text}</Code>;
    if (part.kind === 'link') {
      const isExternal = part.href.startsWith('http');
      return (
        <Anchor
          key={key}
          href={part.href}
          style={{ overflowWrap: 'anywhere' }}
          {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {part.text}
        </Anchor>
      );
    }
    return part.text;
  });
}

/** A description of the document, as the document wrote it: paragraphs, headings, lists, `code` and links. */
type RichDescriptionProps = { text: string; size?: 'sm' | 'md'; headingOrder?: 2 | 3 | 4 };

export function RichDescription({ text, size = 'sm', headingOrder = 4 }: RichDescriptionProps) {
  return (
    <Stack gap="xs">
      {getBlocks(text).map((block, index) => {
        const key = `${index}-${block.kind}`;
        if (block.kind === 'heading') {
          return (
            <Title key={key} order={headingOrder} fz="md" mt="xs">
              <InlineText text={block.text} />
            </Title>
          );
        }
        if (block.kind === 'list') {
          return (
            <List key={key} size={size}>
              {block.items.map((item) => (
                <List.Item key={item}>
                  <InlineText text={item} />
                </List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={key} size={size}>
            <InlineText text={block.text} />
          </Text>
        );
      })}
    </Stack>
  );
}
