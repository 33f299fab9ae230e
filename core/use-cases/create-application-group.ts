import { newApplication, type Application, type ApplicationForm } from '../domain/application.js';
import { GROUP_MESSAGES, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from '../domain/application-group.js';
import { errors, isDomainError } from '../domain/errors.js';
import type { ApplicationGroup } from '../ports/application-group-repository.js';
import { applicationGroupSchema } from '../schemas/application-group.js';
import { parseInput } from '../schemas/parse.js';
import { discardDraftAfterSubmit } from './application-draft.js';
import { requireUser } from './shared.js';
import { requireTextablePhone } from './texts.js';
import type { Actor } from './types.js';
import type { CreatedGroup, GroupPorts } from './application-group-members.js';

const NUMBER_ATTEMPTS = 5;

/** A family application (issue 17): 2 to 10 travellers with the same dates, created in one transaction; the user's draft is discarded after. */
export function makeCreateApplicationGroup(ports: GroupPorts) {
  return async function createApplicationGroup(actor: Actor, travellers: ApplicationForm[]): Promise<CreatedGroup> {
    const now = ports.clock.now();
    // Again against the server's clock: the 3-day and 6-month rules are the domain's.
    const { travellers: forms } = parseInput(applicationGroupSchema({ today: now, agencyEmail: ports.settings.agencyEmail, rules: await ports.egyptRules.list() }), { travellers });
    if (forms.length < MIN_GROUP_SIZE || forms.length > MAX_GROUP_SIZE) throw errors.validation(GROUP_MESSAGES.size, { travellers: [GROUP_MESSAGES.size] });
    const user = await requireUser(ports, actor.userId);
    requireTextablePhone(
      ports,
      user,
      forms.some((form) => form.smsUpdates),
    );

    let created: { group: ApplicationGroup; applications: Application[] } | null = null;
    for (let attempt = 0; attempt < NUMBER_ATTEMPTS && !created; attempt += 1) {
      const numbers = new Set<string>();
      while (numbers.size < forms.length) numbers.add(ports.ids.applicationNumber(now));
      const list = forms.map((form, i) => newApplication({ form, userId: user.id, applicationNumber: [...numbers][i]!, now }));
      try {
        created = await ports.groups.create(user.id, list, now, (apps) =>
          apps.map((a) => ({
            to: user.email,
            template: 'application_received' as const,
            data: { fullName: user.fullName, applicationNumber: a.applicationNumber, applicationId: a.id, paid: false },
          })),
        );
      } catch (error) {
        if (!isDomainError(error, 'Conflict')) throw error;
      }
    }
    if (!created) throw errors.conflict('Could not allocate application numbers. Please try again.');
    await discardDraftAfterSubmit(ports, user.id);
    await ports.analytics.record({
      name: 'family_application_created',
      path: null,
      userId: user.id,
      properties: { groupId: created.group.id, groupSize: created.applications.length, applicationId: created.applications[0]!.id },
      occurredAt: now,
    });
    return { groupId: created.group.id, applications: created.applications.map((a) => ({ id: a.id, applicationNumber: a.applicationNumber })) };
  };
}
