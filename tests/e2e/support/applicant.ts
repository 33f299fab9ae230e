import type { APIRequestContext } from 'playwright-core';
import { expect, vi } from 'vitest';

// A real 1×1 PNG: the server decides the type from the file's first bytes.
export const PASSPORT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function isoDaysFromNow(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return d.toISOString().slice(0, 10);
}

let counter = 0;
export function newEmail(): string {
  counter += 1;
  return `traveller${Date.now()}${counter}@example.com`;
}

/**
 * Registers an applicant and submits an application with a passport through the API, in the
 * cookie jar of `api` (a page's `request` shares the browser's cookies). Returns the application id.
 */
export async function applicantWithApplication(api: APIRequestContext, baseUrl: string, name: { givenName: string; surname: string } = { givenName: 'Declan', surname: 'Card' }): Promise<number> {
  const headers = { Origin: baseUrl };
  const reg = await api.post(`${baseUrl}/api/register`, {
    data: { email: newEmail(), fullName: `${name.givenName} ${name.surname}`, phoneNumber: '+447700900456', password: 'pyramids-2026' },
    headers,
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const created = await api.post(`${baseUrl}/api/applications`, {
    headers,
    data: {
      ...name,
      gender: 'male',
      dateOfBirth: '1985-01-02',
      nationality: 'Ireland {Republic}',
      countryOfBirth: 'Ireland {Republic}',
      otherNationalities: false,
      maritalStatus: 'married',
      profession: 'Teacher',
      purposeOfVisit: 'tourism',
      entry: 'Single',
      expectedArrivalDate: isoDaysFromNow(15),
      expectedDepartureDate: isoDaysFromNow(22),
      passportNumber: 'P7654321',
      passportExpiry: isoDaysFromNow(900),
      visitedEgyptBefore: false,
      hasBeenDeported: false,
      privacyPolicyAccepted: true,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const app = (await created.json()) as { id: number };
  const upload = await api.post(`${baseUrl}/api/applications/${app.id}/documents`, {
    headers,
    multipart: { type: 'passport', file: { name: 'passport.png', mimeType: 'image/png', buffer: PASSPORT_PNG } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  // The server reads the passport copy's MRZ after answering the upload: wait for that reading, so
  // a journey that compares the application before and after an action sees only its own change.
  await vi.waitFor(
    async () => {
      const read = (await (await api.get(`${baseUrl}/api/applications/${app.id}`)).json()) as { passportCheck: { status: string } | null };
      expect(read.passportCheck?.status ?? 'pending').not.toBe('pending');
    },
    { timeout: 60_000, interval: 100 },
  );
  return app.id;
}
