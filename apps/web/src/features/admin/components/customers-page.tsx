import { Card, Container, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormErrorAlert } from '#web/components/form/form-error-alert.tsx';
import { PageHeader } from '#web/components/page/page-header.tsx';
import { useCustomers } from '../api/get-customers.ts';
import {
  type CustomerSearch,
  readCustomerSearch,
  toCustomerListQuery,
  writeCustomerSearch,
} from '../lib/customer-search.ts';
import { CustomerFilters } from './customer-filters.tsx';
import { CustomersTable } from './customers-table.tsx';
import { Pager } from './pager.tsx';

/** Find a customer: by name, e-mail, CPF/CNPJ, organization or key prefix, with filters, paged on the server. */
export function CustomersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readCustomerSearch(params);
  const customers = useCustomers(toCustomerListQuery(search));
  const onChange = (next: CustomerSearch) => setParams(writeCustomerSearch(next));

  return (
    <Container size="lg" py="lg">
      <PageHeader title={t('admin.customers.title')} description={t('admin.customers.description')} />
      <Card withBorder radius="md" padding="lg" mb="lg">
        {/* Keyed by the applied text: Back or a link to another search shows that search in the box. */}
        <CustomerFilters key={search.q} search={search} onChange={onChange} />
      </Card>
      <FormErrorAlert error={customers.error} />
      {customers.isPending && <Skeleton h={240} radius="md" />}
      {customers.data && (
        <Card withBorder radius="md" padding="lg" opacity={customers.isPlaceholderData ? 0.6 : 1}>
          {customers.data.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('admin.customers.empty')}
            </Text>
          ) : (
            <CustomersTable items={customers.data.items} />
          )}
          <Pager
            page={customers.data.page}
            limit={customers.data.limit}
            total={customers.data.total}
            onChange={(page) => onChange({ ...search, page })}
          />
        </Card>
      )}
    </Container>
  );
}
