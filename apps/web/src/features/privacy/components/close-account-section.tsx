import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { CloseAccountDialog } from './close-account-dialog.tsx';

/** "Close my account": what it does, and the dialog that asks for the proof. */
export function CloseAccountSection() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <SettingsSection
      id="privacy-close"
      title={t('privacy.close.title')}
      description={t('privacy.close.description')}
    >
      <Button color="red" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
        {t('privacy.close.open')}
      </Button>
      <CloseAccountDialog opened={isOpen} onClose={() => setOpen(false)} />
    </SettingsSection>
  );
}
