import { createProjectRequestSchema } from '@cotacep/shared/project-schemas';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { notifySuccess } from '../../../components/notify.ts';
import { useCreateProject } from '../api/create-project.ts';

type CreateProjectModalProps = { opened: boolean; onClose: () => void };

export function CreateProjectModal({ opened, onClose }: CreateProjectModalProps) {
  const { t } = useTranslation();
  const mutation = useCreateProject();
  const form = useZodForm(createProjectRequestSchema, { name: '', description: '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => {
        notifySuccess(t('messages.savedSuccessfully'));
        form.reset();
        onClose();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t('projects.create')} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormErrorAlert error={mutation.error} />
          <TextInput
            label={t('projects.name')}
            {...form.register('name')}
            error={form.errorText(errors.name)}
            required
            data-autofocus
          />
          <Textarea
            label={t('projects.descriptionLabel')}
            {...form.register('description')}
            error={form.errorText(errors.description)}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
