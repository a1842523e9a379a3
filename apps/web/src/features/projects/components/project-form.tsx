import { type CreateProjectInput, createProjectRequestSchema } from '@cotacep/shared/project-schemas';
import { Stack, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';

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
  const onSubmit = form.handleSubmit((values) => props.onSubmit(values));

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {props.errorAlert}
        <TextInput label={t('projects.name')} {...form.field('name')} required data-autofocus />
        <Textarea
          label={t('projects.descriptionLabel')}
          {...form.field('description')}
          autosize
          minRows={2}
        />
        <FormActions submitLabel={props.submitLabel} isPending={props.isPending} onCancel={props.onCancel} />
      </Stack>
    </form>
  );
}
