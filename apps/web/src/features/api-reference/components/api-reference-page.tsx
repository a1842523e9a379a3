import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { getDocumentUrl, useApiDocument } from '../api/get-api-document.ts';
import type { ApiId } from '../lib/api-ids.ts';
import { groupOperations, type OperationGroup } from '../lib/group-operations.ts';
import type { OpenApiDocument } from '../lib/openapi-types.ts';
import { COMMON_RESPONSES_ANCHOR, findSharedParts } from '../lib/shared-responses.ts';

import { AccessSection } from './access-section.tsx';
import classes from './api-reference.module.css';
import { CommonResponses } from './common-responses.tsx';
import { OperationCard } from './operation-card.tsx';
import { ReferenceSkeleton } from './reference-skeleton.tsx';
import { RichDescription } from './rich-description.tsx';
import { TagNavigation } from './tag-navigation.tsx';
import { useRevealedCount } from './use-revealed-count.ts';

/** Once the operations are on the page, and whenever the hash changes, the one it names comes into view. */
function useScrollToHash(isReady: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!isReady || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [isReady, hash]);
}

/** The groups cut to their first `count` operations in page order. */
function revealGroups(groups: OperationGroup[], count: number): OperationGroup[] {
  let left = count;
  return groups.flatMap((group) => {
    if (left <= 0) return [];
    const operations = group.operations.slice(0, left);
    left -= operations.length;
    return [{ ...group, operations }];
  });
}

function Reference({ api, document }: { api: ApiId; document: OpenApiDocument }) {
  const { t } = useTranslation();
  const allGroups = useMemo(() => groupOperations(document), [document]);
  const shared = useMemo(() => findSharedParts(document), [document]);
  const hasCommon = shared.responses.length > 0 || shared.headers.length > 0;
  const total = allGroups.reduce((sum, group) => sum + group.operations.length, 0);
  const revealed = useRevealedCount(total);
  const groups = useMemo(() => revealGroups(allGroups, revealed), [allGroups, revealed]);
  useScrollToHash(revealed === total);
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Group gap="sm" align="center">
          <Text fw={600} c="dimmed">
            {document.info.title}
          </Text>
          {document.info.version && (
            <Badge variant="light" color="gray" tt="none">
              v{document.info.version}
            </Badge>
          )}
        </Group>
        {document.info.description && (
          <Box maw={820}>
            <RichDescription text={document.info.description} size="md" headingOrder={2} />
          </Box>
        )}
      </Stack>
      <AccessSection document={document} documentUrl={getDocumentUrl(api)} />
      <div className={classes.layout}>
        <div>
          <TagNavigation
            groups={allGroups}
            extraLinks={
              hasCommon ? [{ anchor: COMMON_RESPONSES_ANCHOR, label: t('apiReference.common.title') }] : []
            }
          />
        </div>
        <Stack gap={48} miw={0}>
          {groups.map((group) => (
            <Stack key={group.anchor} component="section" gap="md" aria-labelledby={group.anchor}>
              <Stack gap={4}>
                <Title order={2} id={group.anchor} className={classes.anchorTarget}>
                  {group.label || t('apiReference.otherTag')}
                </Title>
                {group.description && <Text c="dimmed">{group.description}</Text>}
              </Stack>
              {group.operations.map((entry) => (
                <OperationCard key={entry.anchor} document={document} entry={entry} shared={shared} />
              ))}
            </Stack>
          ))}
          <CommonResponses document={document} shared={shared} />
        </Stack>
      </div>
    </Stack>
  );
}

/** `/docs/:api`: one API's OpenAPI document in the site's look. */
export function ApiReferencePage({ api }: { api: ApiId }) {
  const { t } = useTranslation();
  const query = useApiDocument(api);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Breadcrumbs separator="›">
          <Anchor component={Link} to="/docs" size="sm">
            {t('apiReference.index.title')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {t(`apiReference.apis.${api}.name`)}
          </Text>
        </Breadcrumbs>
        {/* Ours and translated, so the page has its heading before (or without) the document. */}
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {t(`apiReference.apis.${api}.name`)}
        </Title>
        {query.isPending && <ReferenceSkeleton />}
        {query.isError && (
          <Alert color="red" title={t('apiReference.error.title')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{query.error.message || t('apiReference.error.text')}</Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => void query.refetch()}
                loading={query.isFetching}
              >
                {t('apiReference.error.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {query.isSuccess && <Reference api={api} document={query.data} />}
      </Stack>
    </Container>
  );
}
