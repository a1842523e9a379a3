import { LANGUAGES } from '@cotacep/shared/languages';
import { Box, Button, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../i18n/i18n.ts';
import { DeferredMenu } from '../deferred-menu/deferred-menu.tsx';
import { GlobeIcon } from '../icons.tsx';

const ENABLED_LANGUAGES = LANGUAGES.filter((language) => language.enable);

/** Lists the enabled interface languages (spec §3) and switches to the chosen one, for the server too. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = ENABLED_LANGUAGES.find((language) => language.code === i18n.resolvedLanguage);

  return (
    <DeferredMenu
      target={
        <Button variant="subtle" color="gray" c="dark" px="xs" leftSection={<GlobeIcon />}>
          <VisuallyHidden>{t('language.label')}: </VisuallyHidden>
          <Box component="span" visibleFrom="sm">
            {current?.name}
          </Box>
          <Box component="span" hiddenFrom="sm">
            {current?.code.slice(0, 2).toUpperCase()}
          </Box>
        </Button>
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('language.label')}</Menu.Label>
          {ENABLED_LANGUAGES.map((language) => (
            <Menu.Item
              key={language.code}
              lang={language.code}
              aria-current={language.code === current?.code ? 'true' : undefined}
              fw={language.code === current?.code ? 700 : undefined}
              onClick={() => void chooseLanguage(language.code, i18n)}
            >
              {language.name}
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
