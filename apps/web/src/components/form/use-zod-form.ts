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

const isSubmitButton = (element: unknown) =>
  element instanceof HTMLButtonElement && element.type === 'submit';

/** A react-hook-form form validated by a shared Zod schema (the same one the server route uses). */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: DefaultValues<z.input<Schema>>,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    defaultValues,
    // Checked on submit, then on every change; before the first submit, a field is checked when left only
    // if something was typed in it (below), so tabbing through an empty form shows no message (issue 23).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { t } = useTranslation();
  /** The translated message of a field's error (schemas carry `validation.<key>`). */
  const errorText = (error: FieldError | undefined) =>
    error?.message ? translateMessage(t, error.message) : undefined;
  /** Everything a Mantine input needs for one field: its registration and its translated error. */
  const field = (name: Path<z.input<Schema>>, options?: RegisterOptions<z.input<Schema>>) => {
    const registration = form.register(name, options);
    return {
      ...registration,
      // A message shown on leaving a field goes away as soon as the typing fixes it.
      onChange: async (event: { target: unknown; type?: unknown }) => {
        await registration.onChange(event);
        if (!form.formState.isSubmitted && get(form.formState.errors, name)) await form.trigger(name);
      },
      onBlur: async (event: { target: unknown; type?: unknown; relatedTarget?: unknown }) => {
        await registration.onBlur(event);
        // On the way to the submit button the submit checks every field: a message appearing now would
        // move the button from under the pointer between press and release, and the click would be lost.
        if (isSubmitButton(event.relatedTarget)) return;
        const isTyped = Boolean(form.getValues(name));
        const hasError = Boolean(get(form.formState.errors, name));
        if (!form.formState.isSubmitted && (isTyped || hasError)) await form.trigger(name);
      },
      error: errorText(get(form.formState.errors, name)),
    };
  };
  return { ...form, errorText, field };
}

export type FieldProps = ReturnType<ReturnType<typeof useZodForm>['field']>;
