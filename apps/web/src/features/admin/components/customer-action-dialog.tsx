import type { AdminCustomer, StaffActionRequest } from '@cotacep/shared/admin-schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '#web/components/dialog/app-dialog.tsx';
import { notifySuccess } from '#web/components/notify.ts';
import { startViewAs as enterViewAs } from '#web/lib/view-as/view-as-store.ts';
import { useDisableKey } from '../api/disable-key.ts';
import { useEndSessions } from '../api/end-sessions.ts';
import { useReactivateCustomer } from '../api/reactivate-customer.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { useStartViewAs } from '../api/start-view-as.ts';
import { useSuspendCustomer } from '../api/suspend-customer.ts';
import type { CustomerAction } from '../lib/customer-action.ts';
import { PlanChangeForm } from './plan-change-form.tsx';
import { QuotaGrantForm } from './quota-grant-form.tsx';
import { ReasonOnlyForm } from './reason-only-form.tsx';

type CustomerActionDialogProps = {
  action: CustomerAction | null;
  customer: AdminCustomer;
  onClose: () => void;
};

const memberName = (member: { firstName: string; lastName: string; email: string }) =>
  `${member.firstName} ${member.lastName}`.trim() || member.email;

/** The dialog of the chosen action: what it does, the reason asked for, the server's answer. */
export function CustomerActionDialog({ action, customer, onClose }: CustomerActionDialogProps) {
  const { t } = useTranslation();
  const name = customer.organization.name;
  const title = (() => {
    if (!action) return '';
    switch (action.kind) {
      case 'disableKey':
        return t('admin.actions.disableKey.title', { key: action.key.description });
      case 'resendConfirmation':
      case 'endSessions':
        return t(`admin.actions.${action.kind}.title`, { name: memberName(action.member) });
      case 'viewAs':
        return t('admin.actions.viewAs.title', { name });
      default:
        return t(`admin.actions.${action.kind}.title`, { name });
    }
  })();
  return (
    <AppDialog opened={action !== null} onClose={onClose} title={title}>
      {action?.kind === 'plan' && <PlanChangeForm customer={customer} onDone={onClose} />}
      {action?.kind === 'grant' && <QuotaGrantForm customer={customer} onDone={onClose} />}
      {action && action.kind !== 'plan' && action.kind !== 'grant' && (
        <ReasonAction key={action.kind} action={action} customer={customer} onDone={onClose} />
      )}
    </AppDialog>
  );
}

type ReasonActionProps = {
  action: Exclude<CustomerAction, { kind: 'plan' | 'grant' }>;
  customer: AdminCustomer;
  onDone: () => void;
};

/** The actions whose only input is the reason, each with its own request and outcome. */
function ReasonAction({ action, customer, onDone }: ReasonActionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organizationId = customer.organization.id;
  const suspend = useSuspendCustomer();
  const reactivate = useReactivateCustomer();
  const disableKey = useDisableKey();
  const resend = useResendConfirmation();
  const endSessions = useEndSessions();
  const viewAs = useStartViewAs();
  const mutation = { suspend, reactivate, disableKey, resendConfirmation: resend, endSessions, viewAs }[
    action.kind
  ];
  const done = (message: string) => {
    notifySuccess(message);
    onDone();
  };

  const onSubmit = ({ reason }: StaffActionRequest) => {
    switch (action.kind) {
      case 'suspend':
        return suspend.mutate(
          { organizationId, reason },
          { onSuccess: (result) => done(t('admin.actions.suspend.done', { count: result.sessionsEnded })) },
        );
      case 'reactivate':
        return reactivate.mutate(
          { organizationId, reason },
          { onSuccess: () => done(t('admin.actions.reactivate.done')) },
        );
      case 'disableKey':
        return disableKey.mutate(
          { organizationId, keyId: action.key.id, reason },
          { onSuccess: () => done(t('admin.actions.disableKey.done', { key: action.key.description })) },
        );
      case 'resendConfirmation':
        return resend.mutate(
          { userId: action.member.userId, reason },
          {
            onSuccess: () => done(t('admin.actions.resendConfirmation.done', { email: action.member.email })),
          },
        );
      case 'endSessions':
        return endSessions.mutate(
          { userId: action.member.userId, reason },
          {
            onSuccess: (result) => done(t('admin.actions.endSessions.done', { count: result.sessionsEnded })),
          },
        );
      case 'viewAs':
        return viewAs.mutate(
          { organizationId, reason, ...(action.member ? { userId: action.member.userId } : {}) },
          {
            onSuccess: (grant) => {
              onDone();
              // The customer's token takes over this tab only; the console's own session waits untouched.
              enterViewAs({
                impersonationId: grant.impersonationId,
                accessToken: grant.accessToken,
                expiresAt: grant.expiresAt,
                user: grant.user,
                organizationId: grant.organizationId,
                organizationName: customer.organization.name,
                returnTo: `/admin/customers/${organizationId}`,
              });
              void navigate('/dashboard');
            },
          },
        );
    }
  };

  const text = (() => {
    switch (action.kind) {
      case 'disableKey':
        return t('admin.actions.disableKey.text', { prefix: action.key.prefix });
      case 'resendConfirmation':
        return t('admin.actions.resendConfirmation.text', { email: action.member.email });
      case 'endSessions':
        return t('admin.actions.endSessions.text', { name: memberName(action.member) });
      case 'viewAs':
        return t('admin.actions.viewAs.text', {
          name: action.member ? memberName(action.member) : t('admin.actions.viewAs.anOwner'),
        });
      default:
        return t(`admin.actions.${action.kind}.text`);
    }
  })();

  return (
    <ReasonOnlyForm
      text={text}
      submitLabel={t(`admin.actions.${action.kind}.submit`)}
      failureTitle={t(`admin.actions.${action.kind}.failed`)}
      isDanger={action.kind === 'suspend' || action.kind === 'disableKey' || action.kind === 'endSessions'}
      isPending={mutation.isPending}
      error={mutation.error}
      onSubmit={onSubmit}
      onCancel={onDone}
    />
  );
}
