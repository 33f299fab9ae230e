import { describe, expect, it } from 'vitest';
import { isMaskedPassportNumber, maskMrzSecondLine, maskPassportNumber, maskPassportScan } from '../../core/domain/passport-mask.js';

describe('passport numbers as staff see them (decision 0030)', () => {
  it('shows five dots and the last four characters, whatever the length', () => {
    expect(maskPassportNumber('123451276')).toBe('•••••1276');
    expect(maskPassportNumber('AB1234567890')).toBe('•••••7890');
    expect(maskPassportNumber('P1234567')).toBe('•••••4567');
    expect(maskPassportNumber(null)).toBeNull();
  });

  it('never shows a short number whole: only its last half', () => {
    expect(maskPassportNumber('1234567')).toBe('•••••567');
    expect(maskPassportNumber('1234')).toBe('•••••34');
    expect(maskPassportNumber('1')).toBe('•••••');
    expect(maskPassportNumber('')).toBe('•••••');
  });

  it('knows a masked number from a typed one', () => {
    expect(isMaskedPassportNumber('•••••1276')).toBe(true);
    expect(isMaskedPassportNumber('123451276')).toBe(false);
    expect(isMaskedPassportNumber(null)).toBe(false);
  });

  it("masks the document number of a zone's second line, keeping its 44 characters", () => {
    const line = '9250764733GBR9005019F3101012<<<<<<<<<<<<<<<6';
    expect(maskMrzSecondLine(line)).toBe('•••••64733GBR9005019F3101012<<<<<<<<<<<<<<<6');
    expect(maskMrzSecondLine(line)).toHaveLength(44);
  });

  it('masks a read scan and leaves pending and unreadable ones as they are', () => {
    const read = {
      documentId: 1,
      status: 'read' as const,
      scan: {
        fields: { surname: 'SMITH', givenName: 'ALICE', passportNumber: '925076473', nationality: null, dateOfBirth: null, gender: null, passportExpiry: null },
        valid: true,
        uncertain: [],
        mrz: ['P<GBRSMITH<<ALICE<<<<<<<<<<<<<<<<<<<<<<<<<<<', '9250764733GBR9005019F3101012<<<<<<<<<<<<<<<6'] as [string, string],
      },
    };
    const masked = maskPassportScan(read);
    expect(masked).toMatchObject({ status: 'read', scan: { fields: { passportNumber: '•••••6473', surname: 'SMITH' } } });
    expect(JSON.stringify(masked)).not.toContain('925076473');
    // The stored record is not changed.
    expect(read.scan.fields.passportNumber).toBe('925076473');
    expect(maskPassportScan({ documentId: 1, status: 'pending' })).toEqual({ documentId: 1, status: 'pending' });
    expect(maskPassportScan(null)).toBeNull();
  });
});
