import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '#web/components/page/page-loader.tsx';
import type { DocumentSection } from '../content/document.ts';
import { INFO_DOCUMENTS, type InfoDocumentName } from '../content/loaders.ts';
import { RichText } from './rich-text.tsx';
import { useContent } from './use-content.ts';

// Documents with more sections than this get a table of contents.
const TOC_FROM = 6;

function Section({ section }: { section: DocumentSection }) {
  return (
    <Stack component="section" gap="xs" aria-labelledby={section.id}>
      <Title order={2} id={section.id} fz={{ base: 20, sm: 22 }} style={{ scrollMarginTop: 80 }}>
        {section.heading}
      </Title>
      {section.paragraphs?.map((paragraph) => (
        <Text key={paragraph}>
          <RichText text={paragraph} />
        </Text>
      ))}
      {section.items && (
        <List spacing={4}>
          {section.items.map((item) => (
            <List.Item key={item}>
              <RichText text={item} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/** About, Website Terms of Use, Privacy Policy and Terms of Service: headings, short paragraphs, lists. */
export function InfoPage({ name }: { name: InfoDocumentName }) {
  const { t } = useTranslation();
  const document = useContent(INFO_DOCUMENTS[name]);
  if (!document) return <PageLoader />;
  const hasToc = document.sections.length >= TOC_FROM;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg" maw={760}>
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {document.title}
          </Title>
          {document.updated && (
            <Text size="sm" c="dimmed">
              {document.updated}
            </Text>
          )}
        </Stack>
        {document.intro.map((paragraph) => (
          <Text key={paragraph}>
            <RichText text={paragraph} />
          </Text>
        ))}
        {hasToc && (
          <Paper component="nav" aria-labelledby="toc-title" withBorder radius="md" p="md">
            <Text id="toc-title" fw={700} mb="xs">
              {t('legal.toc')}
            </Text>
            <List listStyleType="none" spacing={2} size="sm">
              {document.sections.map((section) => (
                <List.Item key={section.id}>
                  <Anchor href={`#${section.id}`} size="sm">
                    {section.heading}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>
        )}
        {document.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
      </Stack>
    </Container>
  );
}

export const AboutPage = () => <InfoPage name="about" />;
export const TermsPage = () => <InfoPage name="terms" />;
export const PrivacyPage = () => <InfoPage name="privacy" />;
export const TermsOfServicePage = () => <InfoPage name="termsOfService" />;
