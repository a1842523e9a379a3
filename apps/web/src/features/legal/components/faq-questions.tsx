import { Accordion, Stack, Text, Title } from '@mantine/core';
import { FAQ } from '../content/loaders.ts';
import { RichText } from './rich-text.tsx';
import { useContent } from './use-content.ts';

/** The FAQ's topics, one h2 each, each question an accordion item (a heading with a button, per WAI-ARIA). */
export function FaqQuestions() {
  const faq = useContent(FAQ);
  if (!faq) return null;
  return faq.groups.map((group) => (
    <Stack key={group.id} component="section" gap="sm" aria-labelledby={group.id}>
      <Title order={2} id={group.id} fz={{ base: 20, sm: 22 }}>
        {group.heading}
      </Title>
      {/* Every answer in the page, folded: a crawler and a reader without JavaScript get them (decision 039). */}
      <Accordion variant="separated" multiple order={3} keepMounted keepMountedMode="display-none">
        {group.questions.map((item) => (
          <Accordion.Item key={item.question} value={item.question}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                {item.answer.map((paragraph) => (
                  <Text key={paragraph} size="sm">
                    <RichText text={paragraph} />
                  </Text>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  ));
}
