import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { type LoginChallengeRequest, loginChallengeRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { setSession } from '#web/lib/session/session-store.ts';
import { useAnswerChallenge, useResendChallengeCode } from '../api/login-challenge.ts';
import { withRedirect } from '../lib/redirect-target.ts';

// "Invalid verification code provided…" and "MFA code expired…" belong to the code; an ended challenge does not.
const FIELD_ERRORS: FieldErrorCodes<LoginChallengeRequest> = { CodeMismatch: 'code', MfaCodeExpired: 'code' };

type ChallengeFormProps = { challenge: LoginChallenge['challenge']; target: string };

export function ChallengeForm({ challenge, target }: ChallengeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const answer = useAnswerChallenge();
  const resend = useResendChallengeCode();
  const form = useZodForm(loginChallengeRequestSchema, { session: challenge.session, code: '' });
  const isEnded = [answer.error, resend.error].some(
    (error) => getErrorCode(error) === 'ChallengeSessionInvalid',
  );

  const onSubmit = form.handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: (tokens) => {
        setSession(tokens);
        navigate(target, { replace: true });
      },
      onError: (error) => showOnField(form.setError, error, FIELD_ERRORS),
    }),
  );

  const onResend = async () => {
    answer.reset();
    form.clearErrors('code');
    const sent = await resend.mutateAsync({ session: challenge.session });
    return sent.challenge.resendAfter;
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert
          error={(isFieldError(answer.error, FIELD_ERRORS) ? null : answer.error) ?? resend.error}
        />
        {isEnded ? (
          <Button component={Link} to={withRedirect('/auth/login', target)} fullWidth>
            {t('auth.challenge.loginAgain')}
          </Button>
        ) : (
          <>
            <CodeField label={t('fields.mfaCode')} maxLength={6} {...form.field('code')} />
            <Button type="submit" loading={answer.isPending} fullWidth>
              {t('auth.challenge.submit')}
            </Button>
            <ResendCodeButton
              initialSeconds={challenge.resendAfter}
              isPending={resend.isPending}
              onResend={onResend}
            />
            <Anchor component={Link} to={withRedirect('/auth/login', target)} size="sm" ta="center">
              {t('auth.challenge.backToLogin')}
            </Anchor>
          </>
        )}
      </Stack>
    </form>
  );
}
