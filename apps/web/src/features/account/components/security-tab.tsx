import type { Account } from '@cotacep/shared/account-schemas';
import type { SecondFactors } from '@cotacep/shared/second-factor-schemas';
import { Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { getAccountQueryOptions, useAccount } from '../api/get-account.ts';
import { useSecondFactors } from '../api/get-second-factors.ts';
import { useEnrolmentRequest } from '../lib/enrolment.ts';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { EnrolmentBanner } from './enrolment-banner.tsx';
import { MfaSettingsForm } from './mfa-settings-form.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { RecoveryCodesSection } from './recovery-codes-section.tsx';
import { SessionsList } from './sessions-list.tsx';
import { SocialAccounts } from './social-accounts.tsx';

type StrongFactorsProps = {
  account: Account;
  factors: SecondFactors;
  onRecoveryCodes: (codes: string[]) => void;
};

/** The authenticator app, passkeys and recovery codes (issue 25). */
function StrongFactors({ account, factors, onRecoveryCodes }: StrongFactorsProps) {
  return (
    <>
      <AuthenticatorSection
        factors={factors}
        hasPassword={account.hasPassword}
        onRecoveryCodes={onRecoveryCodes}
      />
      <PasskeysSection
        factors={factors}
        hasPassword={account.hasPassword}
        onRecoveryCodes={onRecoveryCodes}
      />
      <RecoveryCodesSection factors={factors} onRecoveryCodes={onRecoveryCodes} />
    </>
  );
}

/**
 * Password, second factors, social sign-in, sessions and recent activity (composed in by the app). Sent here to enrol (`?enrol=required`), the
 * person sees why first, with the authenticator app and passkeys right under it; once the recovery codes
 * of the first one are saved, they go on to where they were going.
 */
export function SecurityTab({ recentActivity }: { recentActivity?: ReactNode }) {
  const account = useAccount();
  const factors = useSecondFactors();
  const enrolment = useEnrolmentRequest();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const isEnrolling =
    enrolment.isRequested ||
    (factors.data !== undefined && factors.data.requiredBy.length > 0 && !factors.data.hasStrongFactor);

  const onCodesSaved = async () => {
    setRecoveryCodes(null);
    if (!enrolment.isRequested) return;
    // The guard reads the account: only once it no longer asks to enrol does the way on stay open.
    const fresh = await queryClient.fetchQuery({ ...getAccountQueryOptions(), staleTime: 0 });
    if (!fresh.twoFactorEnrolmentRequired) navigate(enrolment.continueTo, { replace: true });
  };

  const strongFactors =
    account.data && factors.data ? (
      <StrongFactors account={account.data} factors={factors.data} onRecoveryCodes={setRecoveryCodes} />
    ) : factors.isError || account.isError ? (
      <FormErrorAlert error={factors.error ?? account.error} />
    ) : (
      <Skeleton h={160} radius="md" />
    );

  return (
    <Stack>
      {isEnrolling && factors.data && (
        <EnrolmentBanner factors={factors.data} continueTo={enrolment.continueTo} />
      )}
      {isEnrolling && strongFactors}
      <ChangePasswordForm />
      {!isEnrolling && strongFactors}
      <MfaSettingsForm />
      {account.data && <SocialAccounts account={account.data} />}
      <SessionsList />
      {recentActivity}
      <RecoveryCodesDialog codes={recoveryCodes} onDone={() => void onCodesSaved()} />
    </Stack>
  );
}
