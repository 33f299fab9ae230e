import { useQuery } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from '../../api/client.js';
import { useApiMutation, type MutationConfig } from '../../api/mutation.js';
import { staffKey, staffQuery } from '../../api/staff.js';

const staffRoute = api.admin.staff;
const memberRoute = api.admin.staff[':userId'];
export type StaffMemberDto = InferResponseType<typeof staffRoute.$get, 200>[number];
export type NewStaffInput = InferRequestType<typeof staffRoute.$post>['json'];
export type AddedStaff = InferResponseType<typeof staffRoute.$post>;
export type StaffChangeInput = InferRequestType<typeof memberRoute.$put>['json'];

/** GET /api/admin/staff. */
export function useStaffQuery() {
  return useQuery(staffQuery);
}

/** POST /api/admin/staff: a new member (mailed a link to choose a password), or an existing account made staff. */
export function useAddStaffMutation(config?: MutationConfig<AddedStaff, NewStaffInput>) {
  return useApiMutation(
    (json: NewStaffInput) => call(staffRoute.$post({ json })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: staffKey }),
    config,
  );
}

/** PUT /api/admin/staff/{userId} { role } | { active }. */
export function useChangeStaffMutation(config?: MutationConfig<StaffMemberDto, { userId: number; change: StaffChangeInput }>) {
  return useApiMutation(
    ({ userId, change }: { userId: number; change: StaffChangeInput }) => call(memberRoute.$put({ param: { userId: String(userId) }, json: change })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: staffKey }),
    config,
  );
}

const twoFactorRoute = memberRoute['two-factor'];
type TwoFactorReset = InferResponseType<typeof twoFactorRoute.$delete, 200>;

/** DELETE /api/admin/staff/{userId}/two-factor: the member sets two-factor sign-in up again at their next sign-in. */
export function useResetTwoFactorMutation(config?: MutationConfig<TwoFactorReset, number>) {
  return useApiMutation(
    (userId: number) => call(twoFactorRoute.$delete({ param: { userId: String(userId) } })),
    (queryClient) => queryClient.invalidateQueries({ queryKey: staffKey }),
    config,
  );
}
