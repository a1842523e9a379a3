import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getRetryAfter } from '#web/components/form/server-errors.ts';
import { useResendSignupCode } from '../api/signup-confirm.ts';
import { withRedirect } from '../lib/redirect-target.ts';

type UnconfirmedNoticeProps = { email: string; target: string };

/** "This e-mail is not confirmed yet.": send a new code, or go and type the one already received. */
export function UnconfirmedNotice({ email, target }: UnconfirmedNoticeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resend = useResendSignupCode();
  const confirmPath = withRedirect('/auth/signup/confirm', target, { email });

  const onResend = () =>
    resend.mutate(
      { email },
      {
        onSuccess: (sent) => navigate(confirmPath, { state: { delivery: sent.delivery } }),
        onError: (error) => {
          // A code went out moments ago (sign-up has just sent one): go and type it; the countdown says when
          // another may be asked for.
          const resendAfter = getRetryAfter(error);
          if (!resendAfter) return;
          const delivery = { method: 'email', destination: email, resendAfter } as const;
          navigate(confirmPath, { state: { delivery } });
        },
      },
    );

  return (
    <Stack gap="xs">
      <FormErrorAlert error={getRetryAfter(resend.error) ? null : resend.error} />
      <Group gap="xs" grow preventGrowOverflow={false} wrap="wrap">
        <Button variant="light" onClick={onResend} loading={resend.isPending}>
          {t('auth.login.resendConfirmation')}
        </Button>
        <Button variant="subtle" component={Link} to={confirmPath}>
          {t('auth.login.haveCode')}
        </Button>
      </Group>
    </Stack>
  );
}
