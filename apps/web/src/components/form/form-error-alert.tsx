import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/translate-message.ts';
import { normalizeError } from '../../lib/api/normalize-error.ts';

/** The server's answer to a failed submit, normalised (spec §8) and in the interface language. */
export function FormErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {translateMessage(t, normalizeError(error).message)}
    </Alert>
  );
}
