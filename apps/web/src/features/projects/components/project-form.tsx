import { type CreateProjectInput, createProjectRequestSchema } from '@cotacep/shared/project-schemas';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form/use-zod-form.ts';

type ProjectFormProps = {
  defaultValues: { name: string; description: string };
  submitLabel: string;
  isPending: boolean;
  errorAlert: ReactNode;
  onSubmit: (values: Required<CreateProjectInput>) => void;
  onCancel: () => void;
};

/** The create and edit dialogs' fields, validated by the shared schema the server uses. */
export function ProjectForm(props: ProjectFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(createProjectRequestSchema, props.defaultValues);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => props.onSubmit(values));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {props.errorAlert}
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
          <Button variant="default" onClick={props.onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={props.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
