import { useId, useState, type FormEvent } from 'react';
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@core/domain/staff-role.js';
import { formatDayAndTime, formatShortDay } from '@core/domain/wording.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Input, NativeSelect } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Spinner } from '../../components/ui/spinner.js';
import { useT } from '../../lib/i18n.js';
import { toast } from '../../lib/toast-store.js';
import { useUserQuery } from '../../api/user.js';
import { useAddStaffMutation, useChangeStaffMutation, useStaffQuery, type StaffMemberDto } from './api.js';
import { TwoFactorReset } from './two-factor-reset.js';
import { pageWidth } from '../../components/layout/page-width.js';

/** A toast for a refused change: its title, and the server's reason or `retry` ('Please try again.' in the page's language). */
const failed = (title: string, retry: string) => (error: Error) => toast({ title, description: serverMessage(error) ?? retry, variant: 'destructive' });

/**
 * The Staff page (docs/product.md §6): who works for the agency, their role, whether they can sign in
 * and whether two-factor sign-in is on (an admin can reset it). Admins only.
 */
export function StaffPage() {
  const staff = useStaffQuery();
  const { t } = useT();
  return (
    <div className={`py-8 ${pageWidth('/admin/staff')}`}>
      <h1 className="text-3xl font-bold text-slate-900">{t('Staff')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('Each role decides what its members may do. The agency always keeps at least one active admin.')}</p>
      <AddStaffForm />
      {staff.isLoading ? (
        <Spinner className="mt-6" label={t('Loading the staff')} />
      ) : staff.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {t('The staff could not be loaded: {error}', { error: staff.error.message })}
        </p>
      ) : (
        // One table for every width: from the medium breakpoint a table with room between its
        // columns, below it each member a card whose cells name their column (data-label).
        <table className="mt-6 block w-full text-start text-sm md:table md:rounded-lg md:border md:border-slate-200 md:bg-white">
          <thead className="sr-only md:not-sr-only md:table-header-group md:bg-slate-50 md:text-xs md:uppercase md:tracking-wide md:text-slate-500">
            <tr>
              <th scope="col" className={HEAD}>
                {t('Name')}
              </th>
              <th scope="col" className={HEAD}>
                {t('Email')}
              </th>
              <th scope="col" className={HEAD}>
                {t('Role')}
              </th>
              <th scope="col" className={HEAD}>
                {t('Status')}
              </th>
              <th scope="col" className={HEAD}>
                {t('Two-factor sign-in')}
              </th>
              <th scope="col" className={HEAD}>
                {t('Since')}
              </th>
              <th scope="col" className={HEAD}>
                <span className="sr-only">{t('Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {staff.data!.map((member) => (
              <StaffRow key={member.id} member={member} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

const HEAD = 'px-3 py-2.5 font-semibold';
/** A cell: a labelled line of the card on a phone, a padded table cell from the medium breakpoint. */
const CELL =
  'flex items-center justify-between gap-3 py-1.5 before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:table-cell md:px-3 md:py-3 md:align-middle md:before:content-none';

function StaffRow({ member }: { member: StaffMemberDto }) {
  const me = useUserQuery().data;
  const { t, tc, intl } = useT();
  const change = useChangeStaffMutation({ onError: failed(t('Not changed'), t('Please try again.')) });
  const self = me?.id === member.id;
  return (
    <tr className="mb-3 block rounded-lg border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0">
      <td data-label={t('Name')} className={`${CELL} font-medium text-slate-900 md:whitespace-nowrap`}>
        <span>
          <bdi>{member.fullName}</bdi>
          {self ? <span className="ms-1 text-xs font-normal text-slate-500">{t('(you)')}</span> : null}
        </span>
      </td>
      <td data-label={t('Email')} className={`${CELL} min-w-0 break-all text-end md:break-normal md:text-start`}>
        <bdi dir="ltr">{member.email}</bdi>
      </td>
      <td data-label={t('Role')} className={CELL}>
        <NativeSelect
          aria-label={t('Role of {name}', { name: member.fullName })}
          className="w-36"
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ userId: member.id, change: { role: event.target.value as StaffRole } })}
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {tc(STAFF_ROLE_LABELS[role])}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td data-label={t('Status')} className={`${CELL} md:whitespace-nowrap`}>
        {member.active ? t('Active') : t('Deactivated')}
      </td>
      <td data-label={t('Two-factor sign-in')} className={`${CELL} md:whitespace-nowrap`}>
        {member.twoFactorEnabled ? t('On') : t('Off')}
      </td>
      <td data-label={t('Since')} className={`${CELL} md:whitespace-nowrap`} title={formatDayAndTime(member.createdAt, intl)}>
        {formatShortDay(member.createdAt, intl)}
      </td>
      <td className="block pt-2 md:table-cell md:px-3 md:py-3">
        <div className="flex flex-wrap justify-end gap-2">
          {member.twoFactorEnabled && !self ? <TwoFactorReset member={member} /> : null}
          {self ? null : (
            <Button
              size="sm"
              variant={member.active ? 'outline' : 'secondary'}
              disabled={change.isPending}
              aria-label={member.active ? t('Deactivate {name}', { name: member.fullName }) : t('Reactivate {name}', { name: member.fullName })}
              onClick={() => change.mutate({ userId: member.id, change: { active: !member.active } })}
            >
              {member.active ? t('Deactivate') : t('Reactivate')}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

const EMPTY = { email: '', fullName: '', phoneNumber: '', role: 'reviewer' as StaffRole };

function AddStaffForm() {
  const [form, setForm] = useState(EMPTY);
  const id = useId();
  const { t, tc } = useT();
  const add = useAddStaffMutation({
    onSuccess: (added) => {
      setForm(EMPTY);
      toast({ title: added.created ? t('Member of staff added') : t('Account made staff'), description: added.message });
    },
    onError: failed(t('Not added'), t('Please try again.')),
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
    <form aria-label={t('Add a member of staff')} className="mt-6 grid gap-3 rounded-md border border-slate-200 p-4 md:grid-cols-5 md:items-end" onSubmit={submit}>
      {field('email', t('Email'), 'email')}
      {field('fullName', t('Full name'))}
      {field('phoneNumber', t('Phone number'), 'tel')}
      <div>
        <Label htmlFor={`${id}-role`}>{t('Role')}</Label>
        <NativeSelect id={`${id}-role`} value={form.role} onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}>
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {tc(STAFF_ROLE_LABELS[role])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? t('Adding...') : t('Add member')}
      </Button>
    </form>
  );
}
