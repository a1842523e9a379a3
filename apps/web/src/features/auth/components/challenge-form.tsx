import type { CodeChallengeMethod } from '@cotacep/shared/auth-fields';
import type { TokenSet } from '@cotacep/shared/auth-responses';
import { type LoginChallengeRequest, loginChallengeRequestSchema } from '@cotacep/shared/auth-schemas';
import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CodeField } from '#web/components/form/code-field.tsx';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { ResendCodeButton } from '#web/components/form/resend-code-button.tsx';
import {
  type FieldErrorCodes,
  getErrorCode,
  isFieldError,
  showOnField,
} from '#web/components/form/server-errors.ts';
import { useZodForm } from '#web/components/form/use-zod-form.ts';
import { useAnswerChallenge } from '../api/login-challenge.ts';

// "Invalid verification code provided…" and "MFA code expired…" belong to the code; an ended challenge does not.
const FIELD_ERRORS: FieldErrorCodes<LoginChallengeRequest> = { CodeMismatch: 'code', MfaCodeExpired: 'code' };

type ChallengeFormProps = {
  session: string;
  method: CodeChallengeMethod;
  /** Seconds before the e-mail or SMS code may be sent again. */
  resendAfter: number;
  isResending: boolean;
  /** E-mail and SMS only: sends a new code, resolving with the wait before the next one. */
  onResend?: () => Promise<number>;
  onSignedIn: (tokens: TokenSet) => void;
  onFailed: (error: unknown) => void;
};

/** The code of one method: the authenticator app's, a recovery code, or the one sent by e-mail or SMS. */
export function ChallengeForm({
  session,
  method,
  resendAfter,
  isResending,
  onResend,
  onSignedIn,
  onFailed,
}: ChallengeFormProps) {
  const { t } = useTranslation();
  const answer = useAnswerChallenge();
  const form = useZodForm(loginChallengeRequestSchema, { session, method, code: '' });

  const onSubmit = form.handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        showOnField(form.setError, error, FIELD_ERRORS);
        onFailed(error);
      },
    }),
  );

  const resend = onResend
    ? () => {
        answer.reset();
        form.clearErrors('code');
        return onResend();
      }
    : undefined;
  const isEnded = getErrorCode(answer.error) === 'ChallengeSessionInvalid';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={isFieldError(answer.error, FIELD_ERRORS) || isEnded ? null : answer.error} />
        {method === 'recovery' ? (
          <CodeField
            label={t('auth.challenge.codeLabel.recovery')}
            description={t('auth.challenge.hint.recovery')}
            inputMode="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={24}
            {...form.field('code')}
          />
        ) : (
          <CodeField
            label={method === 'totp' ? t('auth.challenge.codeLabel.totp') : t('fields.mfaCode')}
            description={method === 'totp' ? t('auth.challenge.hint.totp') : undefined}
            maxLength={6}
            {...form.field('code')}
          />
        )}
        <Button type="submit" loading={answer.isPending} fullWidth>
          {t('auth.challenge.submit')}
        </Button>
        {resend && (
          <ResendCodeButton initialSeconds={resendAfter} isPending={isResending} onResend={resend} />
        )}
      </Stack>
    </form>
  );
}
