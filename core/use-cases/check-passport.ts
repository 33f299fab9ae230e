import { passportCheckOf, type PassportCheckView, type PassportScanRecord } from '../domain/passport-check.js';
import { passportScanFromMrz } from '../domain/passport-scan.js';
import type { Ports } from '../ports/index.js';
import { readAll } from './shared.js';

/**
 * Reads the MRZ of a stored passport document and records the reading on its application
 * ('unreadable' when the file holds no readable zone, or is gone). The check-passport job runs it after
 * a passport upload has been answered; a reading of an older document never replaces a newer one's. Answers
 * the application's check as stored afterwards (null when the document is gone or is not a
 * passport's). Throws Unavailable('passport-scanner') when the scanner is busy: the job retries it.
 */
export function makeCheckPassport(ports: Pick<Ports, 'applications' | 'documents' | 'files' | 'passportReader' | 'clock'>) {
  return async function checkPassport(documentId: number): Promise<PassportCheckView | null> {
    const document = await ports.documents.findById(documentId);
    if (!document || document.type !== 'passport') return null;
    const file = await ports.files.get(document.storageKey);
    let record: PassportScanRecord = { documentId, status: 'unreadable' };
    if (file) {
      const body = await readAll(file.body);
      const reading = await ports.passportReader.read({ body, contentType: document.contentType });
      if (reading) record = { documentId, status: 'read', scan: passportScanFromMrz(reading, ports.clock.now()) };
    }
    await ports.applications.recordPassportScan(document.applicationId, record);
    const application = await ports.applications.findById(document.applicationId);
    return application ? passportCheckOf(application.passportScan, application) : null;
  };
}
