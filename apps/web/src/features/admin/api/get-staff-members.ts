import type { StaffMemberList } from '@cotacep/shared/admin-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '#web/lib/api/clients.ts';
import { ADMIN_QUERY_KEY } from './admin-query-key.ts';

/** The staff members, for the staff trail's filter. */
export async function getStaffMembers(): Promise<StaffMemberList> {
  const { data } = await apiClient.get<StaffMemberList>('admin/staff');
  return data;
}

export const getStaffMembersQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'staff'], queryFn: getStaffMembers });

export function useStaffMembers() {
  return useQuery(getStaffMembersQueryOptions());
}
