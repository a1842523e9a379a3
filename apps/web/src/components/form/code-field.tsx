import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './use-zod-form.ts';

/** The input of a code sent by e-mail or SMS, from `form.field('code')`; props given override the defaults. */
export function CodeField(props: FieldProps & TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('fields.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      required
      {...props}
    />
  );
}
