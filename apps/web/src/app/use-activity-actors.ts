import { useAccount } from '../features/account/api/get-account.ts';
import type { ActorOption } from '../features/activity/components/activity-filters-form.tsx';
import type { TimePreferences } from '../features/activity/lib/use-format-time.ts';
import { useMembers } from '../features/organizations/api/get-members.ts';

/** An organization's members as the Activity filter's people (the activity feature cannot import them). */
export function useActivityActors(organizationId: string): ActorOption[] {
  const members = useMembers(organizationId);
  return (members.data?.items ?? []).map((member) => ({
    value: member.userId,
    label: `${member.firstName} ${member.lastName}`.trim() || member.email,
  }));
}

/** The profile's locale and time zone, in which the activity's times are written. */
export function useActivityTime(): TimePreferences {
  const account = useAccount().data;
  return { locale: account?.locale, timeZone: account?.timezone };
}
