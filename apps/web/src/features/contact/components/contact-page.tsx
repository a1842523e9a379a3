import { Container, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Island } from '#web/components/island/island.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { CompanyCard } from './company-card.tsx';
import { ContactForm } from './contact-form.tsx';

/** The public Contact page (`/contact`): any question, by anyone, answered by e-mail. */
export function ContactPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <PageHeader title={t('contact.title')} description={t('contact.text')} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Island name="contact-form" component={ContactForm} props={{ topic: 'general' }} />
        </Paper>
        <CompanyCard />
      </Stack>
    </Container>
  );
}
