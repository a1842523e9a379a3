import { ANY_IP_RANGES, type ApiKeyKind, joinAllowedList } from '@cotacep/shared/allowed-list';
import { type CreateKeyInput, createKeyRequestSchema } from '@cotacep/shared/key-schemas';
import { ANY_ORIGIN } from '@cotacep/shared/origins';
import { Alert, NativeSelect, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '#web/components/form/form-actions.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import type { ProjectOption } from '../lib/project-option.ts';
import { KindField } from './kind-field.tsx';

/** What a key's list holds to allow everyone. */
const ALLOW_ALL: Record<ApiKeyKind, string> = {
  public: ANY_ORIGIN,
  private: joinAllowedList(ANY_IP_RANGES),
};
/**
 * What a new key's list starts with, swapped in when the kind changes: a public key no origin (it answers
 * no site until one is listed, decision 028), a private key every IP.
 */
export const START_LIST: Record<ApiKeyKind, string> = { public: '', private: ALLOW_ALL.private };

export type KeyFormValues = Required<Omit<CreateKeyInput, 'projectId'>> & { projectId?: string };

type KeyFormProps = {
  defaultValues: KeyFormValues;
  projects: ProjectOption[];
  /** Editing: the kind is shown but cannot change (the secret's prefix names it). */
  isKindLocked?: boolean;
  submitLabel: string;
  isPending: boolean;
  /** The failed submit, shown above the fields. */
  errorAlert: ReactNode;
  onSubmit: (values: CreateKeyInput) => void;
  onCancel: () => void;
};

/** The create and edit dialogs' fields, validated by the shared schema the server uses. */
export function KeyForm(props: KeyFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(createKeyRequestSchema, props.defaultValues);
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const allowedOrigins = form.watch('allowedOrigins');
  const list = kind === 'public' ? 'origins' : 'ips';
  const firstProjectId = props.projects[0]?.id;
  // The list may arrive after the dialog opened: the select shows its first project, so the form holds it too.
  useEffect(() => {
    if (firstProjectId && !form.getValues('projectId')) form.setValue('projectId', firstProjectId);
  }, [firstProjectId, form]);

  const onKindChange = (next: ApiKeyKind) => {
    const current = form.getValues('allowedOrigins').trim();
    if (current === '' || current === ALLOW_ALL[kind]) form.setValue('allowedOrigins', START_LIST[next]);
    form.setValue('kind', next);
    if (form.formState.touchedFields.allowedOrigins) void form.trigger('allowedOrigins');
  };
  const onSubmit = form.handleSubmit((values) =>
    props.onSubmit({ ...values, allowedOrigins: joinAllowedList(values.allowedOrigins) }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {props.errorAlert}
        <TextInput
          label={t('keys.descriptionLabel')}
          {...form.field('description')}
          required
          data-autofocus
        />
        {props.projects.length > 0 ? (
          <NativeSelect
            label={t('keys.project')}
            description={t('keys.projectHint')}
            data={props.projects.map((project) => ({ value: project.id, label: project.name }))}
            {...form.field('projectId')}
          />
        ) : (
          <Text size="sm">{t('keys.projectDefault')}</Text>
        )}
        <KindField
          value={kind}
          isLocked={props.isKindLocked}
          error={form.errorText(errors.kind)}
          onChange={onKindChange}
        />
        <Textarea
          label={t(`keys.${list}`)}
          description={t(`keys.${list}Hint`)}
          {...form.field('allowedOrigins')}
          autosize
          minRows={2}
          required={kind === 'private'}
        />
        {kind === 'public' && allowedOrigins.trim() === '' && (
          <Alert color="yellow" variant="light" p="xs">
            <Text size="sm">{t('keys.noOriginYet')}</Text>
          </Alert>
        )}
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('keys.enabled')}
              description={t(field.value ? 'keys.enabledHint' : 'keys.disabledHint')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        <FormActions submitLabel={props.submitLabel} isPending={props.isPending} onCancel={props.onCancel} />
      </Stack>
    </form>
  );
}
