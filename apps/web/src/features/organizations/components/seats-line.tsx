import type { Organization } from '@cotacep/shared/organization-schemas';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** "2 de 10 assentos em uso (convites pendentes contam)", and the way to more when none is left. */
export function SeatsLine({ seats }: { seats: Organization['seats'] }) {
  const { t } = useTranslation();
  if (seats.limit === null) return <>{t('organizations.seats.unlimited', { count: seats.used })}</>;
  const isFull = seats.used >= seats.limit;
  return (
    <>
      {t('organizations.seats.used', { used: seats.used, count: seats.limit })}
      {isFull && (
        <>
          {' '}
          {t('organizations.seats.full')}{' '}
          <Anchor component={Link} to="/pricing" inherit fw={500}>
            {t('organizations.seeTeamPlans')}
          </Anchor>
        </>
      )}
    </>
  );
}
