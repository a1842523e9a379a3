import type { LoginChallenge } from '@cotacep/shared/auth-responses';
import { loginChallengeRequestSchema } from '@cotacep/shared/auth-schemas';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert.tsx';
import { useZodForm } from '../../../components/form/use-zod-form.ts';
import { setSession } from '../../../lib/session/session-store.ts';
import { useAnswerChallenge, useResendChallengeCode } from '../api/login-challenge.ts';
import { ResendCodeButton } from './resend-code-button.tsx';

type ChallengeFormProps = { challenge: LoginChallenge['challenge']; target: string };

export function ChallengeForm({ challenge, target }: ChallengeFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const answer = useAnswerChallenge();
  const resend = useResendChallengeCode();
  const form = useZodForm(loginChallengeRequestSchema, { session: challenge.session, code: '' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    answer.mutate(values, {
      onSuccess: (tokens) => {
        setSession(tokens);
        navigate(target, { replace: true });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <FormErrorAlert error={answer.error ?? resend.error} />
        <TextInput
          label={t('fields.mfaCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.register('code')}
          error={form.errorText(errors.code)}
          required
        />
        <Button type="submit" loading={answer.isPending} fullWidth>
          {t('auth.challenge.submit')}
        </Button>
        <ResendCodeButton
          initialSeconds={challenge.resendAfter}
          isPending={resend.isPending}
          onResend={(restart) =>
            resend.mutate(
              { session: challenge.session },
              { onSuccess: (sent) => restart(sent.delivery.resendAfter) },
            )
          }
        />
        <Anchor component={Link} to="/auth/login" size="sm" ta="center">
          {t('auth.challenge.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
