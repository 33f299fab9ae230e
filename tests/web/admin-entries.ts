import { newApplication } from '../../core/domain/application.js';
import type { AdminApplicationDto, AdminEntryDto } from '../../apps/web/src/features/admin/api.js';
import { validForm } from '../core/helpers.js';

/** An entry of the admin list as GET /api/admin/applications answers it: a new application of applicant `id`. */
export function adminEntry(id: number): AdminEntryDto {
  const stored = newApplication({
    form: validForm({ givenName: `Given${id}`, surname: `Surname${id}`, passportNumber: `P${id}0000` }),
    userId: id + 100,
    applicationNumber: `EV-2026-${String(id).padStart(6, '0')}`,
    now: new Date('2026-11-20T10:00:00.000Z'),
  });
  const application = {
    ...(JSON.parse(JSON.stringify({ ...stored, id, version: 1 })) as object),
    guarantee: { deadline: null, breached: false, workingDaysUsed: 0, workingDaysTotal: 5, paused: false },
  } as AdminApplicationDto;
  return {
    application,
    status: application.status,
    user: {
      id: id + 100,
      email: `applicant${id}@example.com`,
      username: `applicant${id}@example.com`,
      fullName: `Given${id} Surname${id}`,
      phoneNumber: '+447700900123',
      createdAt: '2026-11-19T09:00:00.000Z',
    },
    assignee: null,
    portal: null,
  };
}
