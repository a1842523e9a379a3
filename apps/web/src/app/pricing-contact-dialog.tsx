import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../components/notify.ts';
import { ContactForm } from '../features/contact/components/contact-form.tsx';

type PricingContactDialogProps = { opened: boolean; onClose: () => void };

/** Enterprise's Contact us on the pricing page: the contact form in a dialog, a toast once it is sent. */
export function PricingContactDialog({ opened, onClose }: PricingContactDialogProps) {
  const { t } = useTranslation();
  const onSent = () => {
    onClose();
    notifySuccess(t('contact.sent'));
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('pricing.contactTitle')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <ContactForm topic="enterprise" onSent={onSent} />
    </Modal>
  );
}
