import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Your account closure was cancelled": signing in did it, the tokens work again. */
export function ClosureCancelledNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Container size="lg" pt="md">
      <Alert
        color="teal"
        variant="light"
        role="status"
        title={t('privacy.cancelled.title')}
        withCloseButton
        closeButtonLabel={t('actions.close')}
        onClose={onClose}
      >
        {t('privacy.cancelled.text')}
      </Alert>
    </Container>
  );
}
