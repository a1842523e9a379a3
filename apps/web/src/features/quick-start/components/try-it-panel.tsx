import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section.tsx';
import { SegmentedChoice } from '#web/components/segmented-choice/segmented-choice.tsx';
import { PUBLIC_APIS, type PublicApi } from '#web/lib/public-api/public-api.ts';
import { maskSecret } from '../lib/secret-display.ts';
import type { TryItAnswer } from '../lib/send-try-it.ts';
import type { ChosenKey } from '../lib/use-chosen-key.ts';

/**
 * The input's check, the call (`@cotacep/client` with its zod schemas) and the answer's view (a Table),
 * fetched on the first Send: the page paints without them.
 */
const loadResult = () => import('./try-it-result.tsx');
const loadTryIt = async () => {
  const [{ readTryItInput }, { sendTryIt }] = await Promise.all([
    import('../lib/try-it-input.ts'),
    import('../lib/send-try-it.ts'),
    loadResult(),
  ]);
  return { readTryItInput, sendTryIt };
};
const TryItStatus = lazy(async () => ({ default: (await loadResult()).TryItStatus }));
const TryItDetails = lazy(async () => ({ default: (await loadResult()).TryItDetails }));

const DEFAULT_INPUT: Record<PublicApi, string> = { cep: '01001-000', quotes: 'USD-BRL,EUR-BRL' };

/** Which key the call carries, in words: a call without the secret goes out anonymously. */
function useKeyNote({ chosen, secret }: ChosenKey, isSignedIn: boolean) {
  const { t } = useTranslation();
  if (chosen && secret) {
    const restricted = chosen.kind === 'public' && !chosen.allowedOrigins.includes('*');
    return [
      t('quickStart.tryIt.withKey', { key: maskSecret(chosen.prefix) }),
      ...(restricted ? [t('quickStart.tryIt.restrictedNote')] : []),
    ].join(' ');
  }
  if (chosen) return t('quickStart.tryIt.secretUnknown');
  return t(isSignedIn ? 'quickStart.tryIt.anonymous' : 'quickStart.tryIt.visitor');
}

/** Step 3: a real call of a public API on this origin, its status, headers, body and time. */
export function TryItPanel({ chosenKey, isSignedIn }: { chosenKey: ChosenKey; isSignedIn: boolean }) {
  const { t, i18n } = useTranslation();
  const [api, setApi] = useState<PublicApi>('cep');
  const [input, setInput] = useState(DEFAULT_INPUT.cep);
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<TryItAnswer | null>(null);
  const [isSending, setIsSending] = useState(false);
  const keyNote = useKeyNote(chosenKey, isSignedIn);

  const onApiChange = (value: PublicApi) => {
    setApi(value);
    setInput(DEFAULT_INPUT[value]);
    setError(null);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const { readTryItInput, sendTryIt } = await loadTryIt();
    const read = readTryItInput(api, input);
    if (!read.ok) {
      setError(t(read.messageKey));
      return;
    }
    setError(null);
    setIsSending(true);
    setAnswer(null);
    const secret = chosenKey.chosen ? chosenKey.secret : null;
    setAnswer(await sendTryIt({ api, input: read.value, secret, language: i18n.language }));
    setIsSending(false);
  };

  return (
    <SettingsSection
      id="quick-start-try-it"
      title={t('quickStart.tryIt.title')}
      description={t('quickStart.tryIt.description')}
    >
      <Stack gap="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="quick-start-try-api">
                {t('quickStart.tryIt.api')}
              </Text>
              <SegmentedChoice
                aria-labelledby="quick-start-try-api"
                value={api}
                onChange={onApiChange}
                data={PUBLIC_APIS.map((value) => ({ value, label: t(`quickStart.tryIt.apis.${value}`) }))}
              />
            </Stack>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={t(`quickStart.tryIt.input.${api}`)}
                description={t(`quickStart.tryIt.inputHint.${api}`)}
                value={input}
                onChange={(event) => setInput(event.currentTarget.value)}
                error={error}
                spellCheck={false}
                autoComplete="off"
                miw={0}
                style={{ flex: '1 1 240px', maxWidth: 420 }}
              />
            </Group>
            <Text size="sm" c="dimmed">
              {keyNote}
            </Text>
            <Button type="submit" loading={isSending} w="fit-content">
              {t('quickStart.tryIt.send')}
            </Button>
          </Stack>
        </form>
        {/* The live region stays mounted while its content's code loads, so the outcome is announced. */}
        <div aria-live="polite" aria-atomic="true">
          <Suspense>{answer && <TryItStatus answer={answer} />}</Suspense>
        </div>
        <Suspense>{answer?.kind === 'response' && <TryItDetails answer={answer} />}</Suspense>
      </Stack>
    </SettingsSection>
  );
}
