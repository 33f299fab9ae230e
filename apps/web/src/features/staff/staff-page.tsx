import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLES, type StaffRole } from '../../../../../core/domain/staff-role.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { formatDateTime } from '../../lib/format.js';
import { toast } from '../../lib/toast-store.js';
import { useUserQuery } from '../auth/api.js';
import { useAddStaffMutation, useChangeStaffMutation, useStaffQuery, type StaffMemberDto } from './api.js';
import { TwoFactorReset } from './two-factor-reset.js';
import { pageWidth } from '../../components/layout/page-width.js';

const ROLE_LABELS: Record<StaffRole, string> = { admin: 'Admin', reviewer: 'Reviewer', finance: 'Finance', support: 'Support' };
const failed = (title: string) => (error: Error) => toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });

/**
 * The Staff page (docs/product.md §6): who works for the agency, their role, whether they can sign in
 * and whether two-factor sign-in is on (an admin can reset it). Admins only.
 */
export function StaffPage() {
  const staff = useStaffQuery();
  return (
    <div className={`py-8 ${pageWidth('/admin/staff')}`}>
      <h1 className="text-3xl font-bold text-slate-900">Staff</h1>
      <p className="mt-1 text-sm text-slate-600">Each role decides what its members may do. The agency always keeps at least one active admin.</p>
      <AddStaffForm />
      {staff.isLoading ? (
        <Spinner className="mt-6" label="Loading the staff" />
      ) : staff.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          The staff could not be loaded: {staff.error.message}
        </p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2">Name</th>
              <th>Email</th>
              <th>Role</th>
              <th>Status</th>
              <th>Two-factor sign-in</th>
              <th>Since</th>
              <th>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.data!.map((member) => (
              <StaffRow key={member.id} member={member} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function StaffRow({ member }: { member: StaffMemberDto }) {
  const me = useUserQuery().data;
  const change = useChangeStaffMutation({ onError: failed('Not changed') });
  const self = me?.id === member.id;
  return (
    <tr className="border-t border-slate-200">
      <td className="py-2 font-medium text-slate-900">{member.fullName}</td>
      <td>{member.email}</td>
      <td>
        <NativeSelect
          aria-label={`Role of ${member.fullName}`}
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ userId: member.id, change: { role: event.target.value as StaffRole } })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td>{member.active ? 'Active' : 'Deactivated'}</td>
      <td>{member.twoFactorEnabled ? 'On' : 'Off'}</td>
      <td>{formatDateTime(member.createdAt)}</td>
      <td className="space-x-2 text-right">
        {member.twoFactorEnabled && !self ? <TwoFactorReset member={member} /> : null}
        {self ? null : (
          <Button
            size="sm"
            variant={member.active ? 'outline' : 'secondary'}
            disabled={change.isPending}
            onClick={() => change.mutate({ userId: member.id, change: { active: !member.active } })}
          >
            {member.active ? `Deactivate ${member.fullName}` : `Reactivate ${member.fullName}`}
          </Button>
        )}
      </td>
    </tr>
  );
}

const EMPTY = { email: '', fullName: '', phoneNumber: '', role: 'reviewer' as StaffRole };

function AddStaffForm() {
  const [form, setForm] = useState(EMPTY);
  const id = useId();
  const add = useAddStaffMutation({
    onSuccess: (added) => {
      setForm(EMPTY);
      toast({ title: added.created ? 'Member of staff added' : 'Account made staff', description: added.message });
    },
    onError: failed('Not added'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(form);
  };
  const field = (name: 'email' | 'fullName' | 'phoneNumber', label: string, type = 'text') => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} type={type} value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
    </div>
  );
  return (
    <form aria-label="Add a member of staff" className="mt-6 grid gap-3 rounded-md border border-slate-200 p-4 md:grid-cols-5 md:items-end" onSubmit={submit}>
      {field('email', 'Email', 'email')}
      {field('fullName', 'Full name')}
      {field('phoneNumber', 'Phone number', 'tel')}
      <div>
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect id={`${id}-role`} value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add member'}
      </Button>
    </form>
  );
}
