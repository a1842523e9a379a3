import { STAFF_REASON_MAX } from '@cotacep/shared/admin-schemas';
import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '#web/components/form/use-zod-form.ts';

/** Why the staff member acts: required, and shown to the customer in their own activity. */
export function ReasonField({ field }: { field: FieldProps }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('admin.actions.reason')}
      description={t('admin.actions.reasonHint')}
      withAsterisk
      autosize
      minRows={3}
      maxLength={STAFF_REASON_MAX}
      data-autofocus
      {...field}
    />
  );
}
