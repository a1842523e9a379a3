import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translateMessage } from '../../i18n/translate-message.ts';

/** A react-hook-form form validated by a shared Zod schema (the same one the server route uses). */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const { t } = useTranslation();
  /** The translated message of a field's error (schemas carry `validation.<key>`). */
  const errorText = (error: FieldError | undefined) =>
    error?.message ? translateMessage(t, error.message) : undefined;
  /** Everything a Mantine input needs for one field: its registration and its translated error. */
  const field = (name: Path<z.input<Schema>>, options?: RegisterOptions<z.input<Schema>>) => ({
    ...form.register(name, options),
    error: errorText(get(form.formState.errors, name)),
  });
  return { ...form, errorText, field };
}

export type FieldProps = ReturnType<ReturnType<typeof useZodForm>['field']>;
