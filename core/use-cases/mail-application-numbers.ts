import { TRACKING_NUMBERS_SENT_MESSAGE } from '../domain/tracking.js';
import { normaliseEmail } from '../domain/user.js';
import type { Ports } from '../ports/index.js';
import { parseInput } from '../schemas/parse.js';
import { trackForgotSchema } from '../schemas/tracking.js';

/** POST /api/track/forgot: mails the numbers (and statuses) of the address's applications, if it has any. */
export function makeMailApplicationNumbers(ports: Pick<Ports, 'applications' | 'users' | 'outbox' | 'clock'>) {
  return async function mailApplicationNumbers(input: { email: string }): Promise<{ message: string }> {
    const data = parseInput(trackForgotSchema, input);
    const user = await ports.users.findByEmail(normaliseEmail(data.email));
    const applications = user ? await ports.applications.listByUser(user.id) : [];
    if (user && applications.length > 0) {
      await ports.outbox.enqueue(
        {
          to: user.email,
          template: 'application_numbers',
          data: {
            fullName: user.fullName,
            applications: applications.map((a) => ({ applicationNumber: a.applicationNumber, status: a.status, ...(a.cancelledAt ? { cancelled: true } : {}) })),
          },
        },
        ports.clock.now(),
      );
    }
    return { message: TRACKING_NUMBERS_SENT_MESSAGE };
  };
}
