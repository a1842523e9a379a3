import { Box, Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type PagerProps = { page: number; limit: number; total: number; onChange: (page: number) => void };

/** Server paging: which rows of how many, and the pages, each control named in the page's language. */
export function Pager({ page, limit, total, onChange }: PagerProps) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  // Nothing found: the empty list says so already.
  if (total === 0) return null;
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('admin.pager.range', {
          first: number.format(first),
          last: number.format(last),
          total: number.format(total),
        })}
      </Text>
      {pages > 1 && (
        <Box component="nav" aria-label={t('admin.pager.label')}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onChange}
            size="sm"
            siblings={1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': t('admin.pager.page', { page: item }) })}
            getControlProps={(control) => ({ 'aria-label': t(`admin.pager.${control}`) })}
          />
        </Box>
      )}
    </Group>
  );
}
