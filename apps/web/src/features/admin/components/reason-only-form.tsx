import { type StaffActionRequest, staffActionRequestSchema } from '@cotacep/shared/admin-schemas';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailureAlert } from '#web/components/form/failure-alert.tsx';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { ReasonField } from './reason-field.tsx';

type ReasonOnlyFormProps = {
  /** What the action does, in words, before the staff member says why. */
  text: string;
  submitLabel: string;
  failureTitle: string;
  isDanger?: boolean;
  isPending: boolean;
  error: unknown;
  onSubmit: (values: StaffActionRequest) => void;
  onCancel: () => void;
};

/** An action whose only input is its reason (suspend, reactivate, disable a key, end sessions, view as…). */
export function ReasonOnlyForm(props: ReasonOnlyFormProps) {
  const { t } = useTranslation();
  const form = useZodForm(staffActionRequestSchema, { reason: '' });
  return (
    <form noValidate onSubmit={form.handleSubmit(props.onSubmit)}>
      <Stack>
        <Text size="sm">{props.text}</Text>
        <ReasonField field={form.field('reason')} />
        <FailureAlert error={props.error} title={props.failureTitle} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color={props.isDanger ? 'red.8' : undefined} loading={props.isPending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
