import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type FormActionsProps = { submitLabel: string; isPending: boolean; onCancel: () => void };

/** A dialog form's Cancel and submit buttons, at its end. */
export function FormActions({ submitLabel, isPending, onCancel }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={isPending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
