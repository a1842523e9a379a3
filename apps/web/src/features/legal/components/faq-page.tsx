import { Container, Stack, Text, Title } from '@mantine/core';
import { Island } from '#web/components/island/island.tsx';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import { FAQ } from '../content/loaders.ts';
import { FaqQuestions } from './faq-questions.tsx';
import { RichText } from './rich-text.tsx';
import { useContent } from './use-content.ts';

/** The FAQ: its title and intro, then the questions by topic (the one part with behaviour: they fold). */
export function FaqPage() {
  const faq = useContent(FAQ);
  if (!faq) return <PageLoader />;

  return (
    <Container size="md" py="xl">
      <Stack gap="xl" maw={820}>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {faq.title}
          </Title>
          <Text c="dimmed">
            <RichText text={faq.intro} />
          </Text>
        </Stack>
        <Island name="faq-questions" component={FaqQuestions} />
      </Stack>
    </Container>
  );
}
