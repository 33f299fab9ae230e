import { borderPackFacts } from '../domain/border-pack.js';
import { errors } from '../domain/errors.js';
import type { Ports } from '../ports/index.js';
import { applicantLocale, loadOwned, readAll } from './shared.js';
import type { Actor } from './types.js';

export const BORDER_PACK_NOT_READY = 'The border pack is ready once your e-visa has been issued.';

/**
 * An application's border pack as it is now (docs/product.md §16.6): its facts and its latest visa
 * file's first page, drawn as a PDF; null when the application is gone. The evisa mail attaches it
 * by the application's id, drawn when the mail is sent (like receipts).
 */
export async function drawBorderPack(
  ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'settings' | 'borderPackRenderer' | 'users'>,
  applicationId: number,
): Promise<{ applicationNumber: string; pdf: Uint8Array } | null> {
  const application = await ports.applications.findById(applicationId);
  if (!application) return null;
  const visas = (await ports.documents.listByApplication(applicationId)).filter((d) => d.type === 'visa');
  const visa = visas[visas.length - 1];
  const file = visa ? await ports.files.get(visa.storageKey) : null;
  const { settings } = ports;
  const facts = borderPackFacts(application, visa?.uploadedAt ?? null, {
    name: settings.agencyName,
    email: settings.agencyEmail,
    website: settings.publicUrl,
    address: settings.agencyAddress,
  });
  const pdf = await ports.borderPackRenderer.render(facts, file && visa ? { contentType: visa.contentType, bytes: await readAll(file.body) } : null, await applicantLocale(ports, application.userId));
  return { applicationNumber: application.applicationNumber, pdf };
}

/**
 * The applicant downloads their border pack from the dashboard: the owner only (staff: Forbidden,
 * anyone else: NotFound), once their e-visa is theirs — the final fee recorded and the visa file
 * attached, as for the e-visa's own download link beside it — NotFound before.
 */
export function makeOpenBorderPack(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'settings' | 'borderPackRenderer' | 'users'>) {
  return async function openBorderPack(actor: Actor, applicationId: number): Promise<{ applicationNumber: string; pdf: Uint8Array }> {
    const application = await loadOwned(ports, actor, applicationId);
    const issued = application.status === 'final_payment_received' && (await ports.documents.listByApplication(application.id)).some((d) => d.type === 'visa');
    if (!issued) throw errors.notFound('Border pack', BORDER_PACK_NOT_READY);
    const pack = await drawBorderPack(ports, application.id);
    if (!pack) throw errors.notFound('Application');
    return pack;
  };
}
