import { Button, Group, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type FormActionsProps = {
  submitLabel: string;
  isPending: boolean;
  onCancel: () => void;
  /** The submit button's colour: red for one that removes or closes something for good. */
  color?: MantineColor;
};

/** A dialog form's Cancel and submit buttons, at its end. */
export function FormActions({ submitLabel, isPending, onCancel, color }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" color={color} loading={isPending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
