import { SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeSample } from '#web/components/code-sample/code-sample.tsx';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';
import { getAppConfig } from '#web/lib/app-config.ts';
import { PUBLIC_APIS, SAMPLE_INPUT } from '#web/lib/public-api/public-api.ts';
import {
  buildCodeExample,
  CODE_LANGUAGES,
  type CodeLanguage,
  KEY_PLACEMENTS,
  type KeyPlacement,
} from '../lib/code-examples.ts';
import { maskSecret } from '../lib/secret-display.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';

/**
 * The token as the examples show it (the secret only once revealed, else the key's prefix masked, else a
 * placeholder) and as Copy takes it (the secret once revealed, else the placeholder, never a masked key).
 */
function useExampleTokens({ chosen, secret, isRevealed }: ChosenKey) {
  const { t } = useTranslation();
  const placeholder = t('quickStart.keyPlaceholder');
  if (secret && isRevealed) return { shown: secret, copied: secret };
  return { shown: chosen ? maskSecret(chosen.prefix) : placeholder, copied: placeholder };
}

/** Step 2: both APIs in four languages, with the key in the header or in the query string. */
export function CodeExamples({ chosenKey }: { chosenKey: ChosenKey }) {
  const { t } = useTranslation();
  const [placement, setPlacement] = useState<KeyPlacement>('header');
  const tokens = useExampleTokens(chosenKey);
  const origin = getAppConfig().publicUrl;
  const build = (api: (typeof PUBLIC_APIS)[number], language: CodeLanguage, token: string) =>
    buildCodeExample({ api, language, placement, origin, input: SAMPLE_INPUT[api], token });

  return (
    <SettingsSection
      id="quick-start-examples"
      title={t('quickStart.examples.title')}
      description={t('quickStart.examples.description')}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="quick-start-placement">
            {t('quickStart.examples.placement')}
          </Text>
          <SegmentedChoice
            aria-labelledby="quick-start-placement"
            value={placement}
            onChange={setPlacement}
            data={KEY_PLACEMENTS.map((value) => ({ value, label: t(`quickStart.examples.${value}`) }))}
          />
        </Stack>
        <Tabs defaultValue="curl" keepMounted={false}>
          <Tabs.List aria-label={t('quickStart.examples.languages')} mb="md">
            {CODE_LANGUAGES.map((language) => (
              <Tabs.Tab key={language} value={language}>
                {t(`quickStart.examples.language.${language}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CODE_LANGUAGES.map((language) => (
            <Tabs.Panel key={language} value={language}>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {PUBLIC_APIS.map((api) => (
                  <CodeSample
                    key={api}
                    label={t(`quickStart.examples.${api}`)}
                    code={build(api, language, tokens.shown)}
                    copyValue={build(api, language, tokens.copied)}
                  />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
        {!chosenKey.isRevealed && chosenKey.chosen && (
          <Text size="sm" c="dimmed">
            {t('quickStart.examples.copyNote', { placeholder: t('quickStart.keyPlaceholder') })}
          </Text>
        )}
      </Stack>
    </SettingsSection>
  );
}
