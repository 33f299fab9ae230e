import { describe, expect, it } from 'vitest';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '../../../core/domain/document.js';
import { PASSPORT_IMAGE_TYPE_MESSAGE, PASSPORT_UNREADABLE_MESSAGE } from '../../../core/domain/passport-scan.js';
import { makeScanPassport } from '../../../core/use-cases/scan-passport.js';
import { readTd3 } from '../../../adapters/passport/mrz-text.js';
import { makeMemoryPorts } from '../../support/memory-ports.js';
import { BRITISH_FIELDS, BRITISH_TRAVELLER, td3Lines, withBrokenCheckDigit } from '../../../bench/support/synthetic-passport.js';
import { domainError } from '../helpers.js';

const actor = { userId: 7, isAdmin: false, email: 'alice@example.com' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

function setup() {
  const ports = makeMemoryPorts();
  return { ports, scanPassport: makeScanPassport(ports) };
}

describe('scanPassport', () => {
  it("answers the form's fields, valid, and the two MRZ lines the reader found", async () => {
    const { ports, scanPassport } = setup();
    const lines = td3Lines(BRITISH_TRAVELLER);
    ports.passportReader.answers(readTd3(lines));
    const scan = await scanPassport(actor, { body: JPEG, contentType: 'image/jpeg' });
    expect(scan).toEqual({ fields: BRITISH_FIELDS, valid: true, uncertain: [], mrz: lines });
    expect(ports.passportReader.images).toEqual([{ body: JPEG, contentType: 'image/jpeg' }]);
  });

  it('answers the fields of a zone whose check digits fail, marked not valid', async () => {
    const { ports, scanPassport } = setup();
    ports.passportReader.answers(readTd3(withBrokenCheckDigit(td3Lines(BRITISH_TRAVELLER))));
    const scan = await scanPassport(actor, { body: JPEG, contentType: 'image/heic' });
    expect(scan.valid).toBe(false);
    expect(scan.fields.surname).toBe('SMITH');
  });

  it("resolves two-digit years on the agency's clock", async () => {
    const { ports, scanPassport } = setup();
    ports.passportReader.answers(readTd3(td3Lines({ ...BRITISH_TRAVELLER, birthDate: '261124', expiryDate: '361124' })));
    ports.clock.set('2026-11-23T10:00:00Z');
    const scan = await scanPassport(actor, { body: JPEG, contentType: 'image/jpeg' });
    expect(scan.fields).toMatchObject({ dateOfBirth: '1926-11-24', passportExpiry: '2036-11-24' });
  });

  it('is Unreadable, with a hint, when the reader finds no MRZ', async () => {
    const { ports, scanPassport } = setup();
    ports.passportReader.answers(null);
    const error = await domainError(scanPassport(actor, { body: JPEG, contentType: 'image/png' }), 'Unreadable', PASSPORT_UNREADABLE_MESSAGE);
    expect(error.message).toMatch(/flat.*light.*whole photo page/);
  });

  it('passes on Unavailable when the scanner is busy', async () => {
    const { ports, scanPassport } = setup();
    ports.passportReader.answers('busy');
    await domainError(scanPassport(actor, { body: JPEG, contentType: 'image/jpeg' }), 'Unavailable');
  });

  it('refuses other types, empty files and files over 10 MB before reading anything', async () => {
    const { ports, scanPassport } = setup();
    await domainError(scanPassport(actor, { body: JPEG, contentType: 'image/gif' as 'image/png' }), 'Validation', PASSPORT_IMAGE_TYPE_MESSAGE);
    await domainError(scanPassport(actor, { body: Buffer.alloc(0), contentType: 'image/jpeg' }), 'Validation', 'The file is empty.');
    await domainError(scanPassport(actor, { body: Buffer.alloc(MAX_UPLOAD_BYTES + 1), contentType: 'image/jpeg' }), 'Validation', FILE_TOO_LARGE_MESSAGE);
    expect(ports.passportReader.images).toEqual([]);
  });
});
