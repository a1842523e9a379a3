import type { CodeDelivery } from '@cotacep/shared/auth-responses';
import { Modal } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '#web/components/notify.ts';
import type { ContactKind } from '../api/change-contact.ts';
import { useAuthMessage } from '../lib/use-auth-message.ts';
import { ContactCodeStep } from './contact-code-step.tsx';
import { ContactValueStep } from './contact-value-step.tsx';

const PROMPTS = { email: 'verifyEmail', phone: 'verifyPhone' } as const;

type Step = { name: 'value' } | { name: 'code'; value: string; prompt: string; delivery?: CodeDelivery };

type ContactChangeModalProps = {
  kind: ContactKind;
  opened: boolean;
  onClose: () => void;
  /** A value already waiting for its code: the dialog opens on the code step. */
  pending: string | null;
  hasCurrent: boolean;
};

/** Change the e-mail or the phone number: the new value, then the code sent to it. */
export function ContactChangeModal({ kind, opened, onClose, pending, hasCurrent }: ContactChangeModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(`account.contact.${kind}.${hasCurrent ? 'changeTitle' : 'addTitle'}`)}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      centered
    >
      {/* React bubbles a submit through portals: keep this dialog's submits out of the page's own form. */}
      <div onSubmit={(event) => event.stopPropagation()}>
        {/* Mounted only while open, so every opening starts from the account's current state. */}
        {opened && <ContactChangeSteps kind={kind} pending={pending} onClose={onClose} />}
      </div>
    </Modal>
  );
}

function ContactChangeSteps({
  kind,
  pending,
  onClose,
}: Pick<ContactChangeModalProps, 'kind' | 'pending' | 'onClose'>) {
  const { t } = useTranslation();
  const authMessage = useAuthMessage();
  const [step, setStep] = useState<Step>(() =>
    pending ? { name: 'code', value: pending, prompt: authMessage(PROMPTS[kind]) } : { name: 'value' },
  );

  if (step.name === 'value') {
    return (
      <ContactValueStep
        kind={kind}
        initialValue={pending ?? ''}
        onCancel={onClose}
        onSent={(value, sent) =>
          setStep({ name: 'code', value, prompt: sent.message, delivery: sent.delivery })
        }
      />
    );
  }
  return (
    <ContactCodeStep
      kind={kind}
      value={step.value}
      prompt={step.prompt}
      delivery={step.delivery}
      onChangeValue={() => setStep({ name: 'value' })}
      onVerified={() => {
        notifySuccess(t('messages.savedSuccessfully'));
        onClose();
      }}
    />
  );
}
