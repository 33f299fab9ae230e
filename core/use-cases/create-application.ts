import { newApplication, type Application, type ApplicationForm } from '../domain/application.js';
import { errors, isDomainError } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { applicationFormSchema } from '../schemas/application.js';
import { parseInput } from '../schemas/parse.js';
import { discardDraftAfterSubmit } from './application-draft.js';
import { requireUser, toView } from './shared.js';
import { requireTextablePhone } from './texts.js';
import type { Actor, ApplicationView } from './types.js';

const NUMBER_ATTEMPTS = 5;

/**
 * A new application in online_entry with a unique human-readable applicationNumber (a taken number
 * is retried with a fresh one). The form is validated again here against the server's clock and
 * Egypt's rules in force on its arrival date (docs/product.md §5.11). The 'application_received' mail is queued right after,
 * and the user's application draft is deleted. Asking for text messages (`smsUpdates`) needs an
 * account phone number that can receive them (docs/product.md §16.4).
 */
export function makeCreateApplication(ports: Pick<Ports, 'applications' | 'users' | 'outbox' | 'ids' | 'clock' | 'settings' | 'drafts' | 'phoneNumbers' | 'egyptRules'>) {
  return async function createApplication(actor: Actor, form: ApplicationForm): Promise<ApplicationView> {
    const now = ports.clock.now();
    const data = parseInput(applicationFormSchema({ today: now, agencyEmail: ports.settings.agencyEmail, rules: await ports.egyptRules.list() }), form);
    const user = await requireUser(ports, actor.userId);
    // Texts go to the account's phone: asking for them with a phone that cannot receive them is refused (400).
    requireTextablePhone(ports, user, data.smsUpdates);

    let created: Application | null = null;
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !created; attempt += 1) {
      try {
        created = await ports.applications.create(newApplication({ form: data, userId: user.id, applicationNumber: ports.ids.applicationNumber(now), now }));
      } catch (error) {
        if (!isDomainError(error, 'Conflict')) throw error;
      }
    }
    if (!created) throw errors.conflict('Could not allocate an application number. Please try again.');

    // The mail links to /payment?applicationId=…, so it is queued once the id exists.
    await ports.outbox.enqueue(
      {
        to: user.email,
        template: 'application_received',
        data: {
          fullName: user.fullName,
          applicationNumber: created.applicationNumber,
          applicationId: created.id,
          paid: false,
        },
      },
      now,
    );
    await discardDraftAfterSubmit(ports, user.id);
    return toView(created, now);
  };
}
