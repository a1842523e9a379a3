import { createKeyRequestSchema, type KeyWithSecret } from '@cotacep/shared/key-schemas';
import { Button, Group, SegmentedControl, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { useCreateKey } from '../api/create-key.ts';

type CreateKeyFormProps = { onCreated: (created: KeyWithSecret) => void; onCancel: () => void };

export function CreateKeyForm({ onCreated, onCancel }: CreateKeyFormProps) {
  const { t } = useTranslation();
  const mutation = useCreateKey();
  const form = useZodForm(createKeyRequestSchema, {
    description: '',
    kind: 'public',
    allowedOrigins: '*',
    enabled: true,
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const onSubmit = form.handleSubmit((values) => mutation.mutate(values, { onSuccess: onCreated }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={mutation.error} />
        <TextInput
          label={t('account.tokens.descriptionLabel')}
          {...form.register('description')}
          error={form.errorText(errors.description)}
          required
          data-autofocus
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <SegmentedControl
              value={field.value}
              onChange={field.onChange}
              fullWidth
              data={[
                { value: 'public', label: t('account.tokens.public') },
                { value: 'private', label: t('account.tokens.private') },
              ]}
            />
          )}
        />
        <Textarea
          label={t(kind === 'public' ? 'account.tokens.origins' : 'account.tokens.ips')}
          description={t(kind === 'public' ? 'account.tokens.originsHint' : 'account.tokens.ipsHint')}
          {...form.register('allowedOrigins')}
          error={form.errorText(errors.allowedOrigins)}
          autosize
          minRows={2}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t(field.value ? 'account.tokens.enabled' : 'account.tokens.disabled')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
