import { CUSTOMER_STATUSES } from '@cotacep/shared/admin-schemas';
import { PLAN_IDS } from '@cotacep/shared/plans';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerSearch } from '../lib/customer-search.ts';

const ANY = 'any';

type CustomerFiltersProps = { search: CustomerSearch; onChange: (next: CustomerSearch) => void };

/**
 * The search box (applied on Enter or the button: each search is a query on the server) and the filters
 * (applied at once). Native selects and date fields: what a phone does best, and no extra code to load.
 */
export function CustomerFilters({ search, onChange }: CustomerFiltersProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search.q);
  const apply = (changes: Partial<CustomerSearch>) => onChange({ ...search, ...changes, page: 1 });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text });
  };
  // Not an empty value: a native select on "" reads as a grey placeholder (app/field-placeholder.module.css).
  const any = { value: ANY, label: t('admin.customers.filters.any') };
  const chosen = (value: string) => (value === ANY ? null : value);

  return (
    <form onSubmit={onSubmit} aria-label={t('admin.customers.searchLabel')}>
      <Group align="flex-end" gap="xs" wrap="nowrap" mb="sm">
        <TextInput
          flex={1}
          type="search"
          label={t('admin.customers.search')}
          description={t('admin.customers.searchHint')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={200}
        />
        <Button type="submit">{t('admin.customers.searchButton')}</Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="xs" verticalSpacing="xs">
        <NativeSelect
          label={t('admin.customers.filters.plan')}
          value={search.plan ?? ANY}
          onChange={(event) => apply({ plan: chosen(event.currentTarget.value) as CustomerSearch['plan'] })}
          data={[any, ...PLAN_IDS.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))]}
        />
        <NativeSelect
          label={t('admin.customers.filters.status')}
          value={search.status ?? ANY}
          onChange={(event) =>
            apply({ status: chosen(event.currentTarget.value) as CustomerSearch['status'] })
          }
          data={[
            any,
            ...CUSTOMER_STATUSES.map((status) => ({ value: status, label: t(`admin.status.${status}`) })),
          ]}
        />
        <TextInput
          type="date"
          label={t('admin.customers.filters.createdFrom')}
          value={search.from ?? ''}
          onChange={(event) => apply({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('admin.customers.filters.createdTo')}
          value={search.to ?? ''}
          onChange={(event) => apply({ to: event.currentTarget.value || null })}
        />
        <Checkbox
          mt={{ base: 0, md: 30 }}
          label={t('admin.customers.filters.overQuota')}
          checked={search.overQuota}
          onChange={(event) => apply({ overQuota: event.currentTarget.checked })}
        />
      </SimpleGrid>
    </form>
  );
}
