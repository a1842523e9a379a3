import { CAPTCHA_ACTIONS } from '@cotacep/shared/auth-responses';
import {
  type ContactResponse,
  type ContactTopic,
  contactRequestSchema,
} from '@cotacep/shared/contact-schemas';
import { Alert, Button, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCaptcha } from '#web/components/captcha/use-captcha.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { type SessionUser, useSession } from '#web/lib/session/session-store.ts';
import { useSendContact } from '../api/send-contact.ts';

type ContactFormProps = {
  /** What the message is about: the Enterprise plan's form or the Contact page's. */
  topic: ContactTopic;
  onSent?: (answer: ContactResponse) => void;
};

const claim = (user: SessionUser | null, name: string) => {
  const value = user?.[name];
  return typeof value === 'string' ? value : '';
};

/** Name, e-mail, company and message to the team; a signed-in customer finds name and e-mail filled in. */
export function ContactForm({ topic, onSent }: ContactFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const mutation = useSendContact();
  const captcha = useCaptcha(CAPTCHA_ACTIONS.contact);
  const form = useZodForm(contactRequestSchema, {
    topic,
    name: `${claim(user, 'given_name')} ${claim(user, 'family_name')}`.trim(),
    email: claim(user, 'email'),
    company: '',
    message: '',
  });

  const onSubmit = form.handleSubmit((values) =>
    captcha.withToken((captchaToken) =>
      mutation.mutate(
        { ...values, captchaToken },
        {
          onSuccess: (answer) => {
            form.reset({ ...values, message: '' });
            onSent?.(answer);
          },
          // The token is spent either way; the form stays for the next message.
          onSettled: () => captcha.reset(),
        },
      ),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {mutation.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('contact.sent')}
          </Alert>
        )}
        <FormErrorAlert error={mutation.error} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('contact.name')} autoComplete="name" {...form.field('name')} required />
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...form.field('email')}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t('contact.company')}
          description={t('contact.companyHint')}
          autoComplete="organization"
          {...form.field('company')}
        />
        <Textarea
          label={t('contact.message')}
          description={t('contact.messageHint')}
          rows={6}
          {...form.field('message')}
          required
        />
        {captcha.field}
        <Button type="submit" loading={captcha.isVerifying || mutation.isPending}>
          {t('contact.submit')}
        </Button>
      </Stack>
    </form>
  );
}
