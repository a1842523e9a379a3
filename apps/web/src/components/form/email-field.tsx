import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from './use-zod-form.ts';

/** The e-mail input of the identity forms, from `form.field('email')`; props given override the defaults. */
export function EmailField(props: FieldProps & TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...props} />;
}
