import type { ApiKey } from '@cotacep/shared/key-schemas';
import { ANY_ORIGIN } from '@cotacep/shared/origins';
import { Box, Code, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { getPublicApiUrl, KEY_HEADER, SAMPLE_INPUT } from '#web/lib/public-api/public-api.ts';

type FirstCallProps = { secret: string; apiKey: Pick<ApiKey, 'kind' | 'allowedOrigins'> };

/**
 * The new key's first call, with its secret: a private key from a server (curl), a public key from one of
 * its sites' pages (fetch), since a public key answers only the origins it lists.
 */
export function FirstCall({ secret, apiKey }: FirstCallProps) {
  const { t } = useTranslation();
  const url = getPublicApiUrl('quotes', SAMPLE_INPUT.quotes, window.location.origin);
  const isPrivate = apiKey.kind === 'private';
  const example = isPrivate
    ? `curl "${url}" \\\n  -H "${KEY_HEADER}: ${secret}"`
    : `const response = await fetch("${url}", {\n  headers: { "${KEY_HEADER}": "${secret}" },\n});\nconsole.log(await response.json());`;
  const site = apiKey.allowedOrigins.find((origin) => origin !== ANY_ORIGIN);
  const intro = () => {
    if (isPrivate) return t('keys.firstCall.fromServer');
    if (apiKey.allowedOrigins.length === 0) return t('keys.firstCall.noOrigin');
    return site ? t('keys.firstCall.fromSite', { site }) : t('keys.firstCall.fromAnySite');
  };

  return (
    <Stack gap={4} component="section" aria-labelledby="first-call-title">
      <Title order={3} fz="sm" fw={500} id="first-call-title">
        {t('keys.firstCall.title')}
      </Title>
      <Text size="sm" c={!isPrivate && apiKey.allowedOrigins.length === 0 ? 'orange.9' : 'dimmed'}>
        {intro()}
      </Text>
      <Box miw={0}>
        <Code block data-testid="first-call" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {example}
        </Code>
      </Box>
    </Stack>
  );
}
