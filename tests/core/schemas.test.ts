import { describe, expect, it } from 'vitest';
import { isDomainError } from '../../core/domain/errors.js';
import {
  addressSchema,
  adminListQuerySchema,
  analyticsEventSchema,
  applicationFormSchema,
  applicationIdSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  contactSchema,
  earliestArrivalDate,
  earliestPassportExpiry,
  loginSchema,
  parseInput,
  paymentConfirmSchema,
  profileSchema,
  registrationSchema,
  signUpFormSchema,
  statusChangeSchema,
  addCalendarMonths,
} from '../../core/schemas/index.js';
import type { z } from 'zod';
import { validForm } from './helpers.js';

/** Every message per field, as a user would see them. */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_form'] ??= []).push(issue.message);
  return out;
}

const today = new Date('2026-11-23T10:00:00.000Z');
const appSchema = applicationFormSchema({ today, agencyEmail: 'help@agency.test' });

describe('login (docs/product.md §5.1)', () => {
  it('gives the exact messages', () => {
    expect(messages(loginSchema, { email: 'not-an-email', password: '' })).toEqual({
      email: ['Please enter a valid email'],
      password: ['Please enter your password'],
    });
    expect(messages(loginSchema, {})).toEqual({ email: ['Please enter a valid email'], password: ['Please enter your password'] });
  });

  it('trims the email', () => {
    expect(loginSchema.parse({ email: '  a@b.co ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
});

describe('registration and the sign-up form (docs/product.md §5.2)', () => {
  const valid = { email: 'new@example.com', password: 'secret1', fullName: 'New Person', phoneNumber: '07700900123' };

  it('accepts only password, email, fullName and phoneNumber', () => {
    expect(registrationSchema.parse({ ...valid, confirmPassword: 'secret1', isAdmin: true })).toEqual(valid);
  });

  it('requires every field with clear messages', () => {
    expect(messages(registrationSchema, {})).toEqual({
      password: ['Password must be at least 6 characters'],
      email: ['Please enter a valid email'],
      fullName: ['Full name is required'],
      phoneNumber: ['Please enter a valid phone number'],
    });
  });

  it('wants a password of at least 6 characters', () => {
    expect(messages(signUpFormSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({
      password: ['Password must be at least 6 characters'],
    });
  });

  it("says 'Passwords don't match' on confirmPassword, even when other fields fail too", () => {
    expect(messages(signUpFormSchema, { ...valid, confirmPassword: 'secret2' })).toEqual({ confirmPassword: ["Passwords don't match"] });
    expect(messages(signUpFormSchema, { ...valid, email: 'x', confirmPassword: 'secret2' })).toEqual({
      email: ['Please enter a valid email'],
      confirmPassword: ["Passwords don't match"],
    });
  });
});

describe('the application form (docs/product.md §5.3)', () => {
  it('accepts a valid form and strips status, payment and document fields', () => {
    const parsed = appSchema.parse({
      ...validForm(),
      status: 'approved',
      initialPaymentId: 'pi_x',
      finalPaymentId: 'pi_y',
      visaDocument: 'visa.pdf',
      requiresPassportReupload: true,
      userId: 99,
    });
    expect(parsed).toEqual(validForm());
    expect(parsed).not.toHaveProperty('status');
    expect(parsed).not.toHaveProperty('initialPaymentId');
  });

  it("defaults entry to Single and accepts 'Multiple'", () => {
    const { entry: _entry, ...withoutEntry } = validForm();
    expect(appSchema.parse(withoutEntry).entry).toBe('Single');
    expect(appSchema.parse({ ...validForm(), entry: 'Multiple' }).entry).toBe('Multiple');
    expect(messages(appSchema, { ...validForm(), entry: 'Double' })).toEqual({ entry: ['Entry must be Single or Multiple'] });
  });

  it('allows only tourism as the purpose', () => {
    expect(messages(appSchema, { ...validForm(), purposeOfVisit: 'business' })).toEqual({
      purposeOfVisit: ['Only tourism visas can be applied for'],
    });
  });

  it('needs the privacy policy accepted', () => {
    expect(messages(appSchema, { ...validForm(), privacyPolicyAccepted: false })).toEqual({
      privacyPolicyAccepted: ['You must accept the privacy policy to continue'],
    });
  });

  it('wants arrival at least 3 days from today', () => {
    expect(earliestArrivalDate(today)).toBe('2026-11-26');
    expect(appSchema.safeParse({ ...validForm(), expectedArrivalDate: '2026-11-26', expectedDepartureDate: '2026-11-26' }).success).toBe(true);
    expect(messages(appSchema, { ...validForm(), expectedArrivalDate: '2026-11-25' })).toEqual({
      expectedArrivalDate: ['Arrival date must be at least 3 days from today'],
    });
  });

  it('counts "today" in London time', () => {
    // 00:30 BST on 1 July is still 30 June in UTC.
    expect(earliestArrivalDate(new Date('2026-06-30T23:30:00.000Z'))).toBe('2026-07-04');
  });

  it('requires the departure date, on or after arrival', () => {
    expect(messages(appSchema, { ...validForm(), expectedDepartureDate: '' })).toEqual({
      expectedDepartureDate: ['Departure date is required'],
    });
    expect(messages(appSchema, { ...validForm(), expectedDepartureDate: '2026-12-09' })).toEqual({
      expectedDepartureDate: ['Departure date must be on or after the arrival date'],
    });
  });

  it('wants the passport valid at least 6 months from today', () => {
    expect(earliestPassportExpiry(today)).toBe('2027-05-23');
    expect(appSchema.safeParse({ ...validForm(), passportExpiry: '2027-05-23' }).success).toBe(true);
    expect(messages(appSchema, { ...validForm(), passportExpiry: '2027-05-22' })).toEqual({
      passportExpiry: ['Passport must be valid for at least 6 months from today'],
    });
  });

  it('clamps six months from the end of a month', () => {
    expect(addCalendarMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('refuses an unsupported nationality with the agency address', () => {
    expect(messages(appSchema, { ...validForm(), nationality: 'Pakistan', countryOfBirth: 'Pakistan' })).toEqual({
      nationality: ['We currently do not process applications for your nationality. Please contact us at help@agency.test for further support.'],
    });
  });

  it('wants nationality and country of birth from the list', () => {
    expect(messages(appSchema, { ...validForm(), nationality: 'Atlantis', countryOfBirth: 'Atlantis' })).toEqual({
      nationality: ['Please select your nationality'],
      countryOfBirth: ['Please select your country of birth'],
    });
  });

  it('requires the fields of the submit-button rule', () => {
    const result = messages(appSchema, {});
    for (const field of [
      'givenName',
      'surname',
      'gender',
      'dateOfBirth',
      'nationality',
      'passportNumber',
      'passportExpiry',
      'countryOfBirth',
      'maritalStatus',
      'profession',
      'purposeOfVisit',
      'expectedArrivalDate',
      'expectedDepartureDate',
      'privacyPolicyAccepted',
    ]) {
      expect(result[field], field).toBeDefined();
    }
    expect(result).toEqual({
      givenName: ['Given name is required'],
      surname: ['Surname is required'],
      gender: ['Please select a gender'],
      dateOfBirth: ['Date of birth is required'],
      nationality: ['Please select your nationality'],
      countryOfBirth: ['Please select your country of birth'],
      maritalStatus: ['Please select a marital status'],
      profession: ['Profession is required'],
      purposeOfVisit: ['Only tourism visas can be applied for'],
      expectedArrivalDate: ['Arrival date is required'],
      expectedDepartureDate: ['Departure date is required'],
      passportNumber: ['Passport number is required'],
      passportExpiry: ['Passport expiry date is required'],
      privacyPolicyAccepted: ['You must accept the privacy policy to continue'],
    });
  });

  it('requires otherNationality only when otherNationalities is flagged, and drops it otherwise', () => {
    expect(messages(appSchema, { ...validForm(), otherNationalities: true })).toEqual({
      otherNationality: ['Please enter your other nationality'],
    });
    expect(appSchema.parse({ ...validForm(), otherNationalities: true, otherNationality: 'France' }).otherNationality).toBe('France');
    expect(appSchema.parse({ ...validForm(), otherNationality: 'France' }).otherNationality).toBeNull();
  });

  it('requires originalNationality when the country of birth differs', () => {
    expect(messages(appSchema, { ...validForm(), countryOfBirth: 'India' })).toEqual({
      originalNationality: ['Original nationality is required when your country of birth differs from your nationality'],
    });
    expect(appSchema.parse({ ...validForm(), countryOfBirth: 'India', originalNationality: 'India' }).originalNationality).toBe('India');
    expect(appSchema.parse({ ...validForm(), originalNationality: 'India' }).originalNationality).toBeNull();
  });

  it('requires the last visit when visited before', () => {
    expect(messages(appSchema, { ...validForm(), visitedEgyptBefore: true })).toEqual({
      lastVisitDateFrom: ['Please enter the start date of your last visit'],
      lastVisitDateTo: ['Please enter the end date of your last visit'],
      lastVisitStayLocation: ['Please enter where you stayed on your last visit'],
    });
    const ok = appSchema.parse({
      ...validForm(),
      visitedEgyptBefore: true,
      lastVisitDateFrom: '2020-01-01',
      lastVisitDateTo: '2020-01-10',
      lastVisitStayLocation: 'Luxor',
    });
    expect(ok).toMatchObject({ lastVisitDateFrom: '2020-01-01', lastVisitDateTo: '2020-01-10', lastVisitStayLocation: 'Luxor' });
  });

  it('requires the deportation details when deported', () => {
    expect(messages(appSchema, { ...validForm(), hasBeenDeported: true })).toEqual({
      deportedFrom: ['Please enter the country you were deported from'],
      deportationDate: ['Please enter the date of deportation'],
      deportationReason: ['Please enter the reason for deportation'],
    });
    expect(appSchema.parse({ ...validForm(), deportedFrom: 'X', deportationReason: 'Y' })).toMatchObject({
      deportedFrom: null,
      deportationReason: null,
    });
  });

  it('shows every problem at once, conditional ones included', () => {
    const result = messages(appSchema, { ...validForm(), givenName: '', hasBeenDeported: true });
    expect(Object.keys(result).sort()).toEqual(['deportationDate', 'deportationReason', 'deportedFrom', 'givenName']);
  });

  it('accepts a full ISO timestamp as a date, and refuses impossible dates', () => {
    expect(appSchema.parse({ ...validForm(), expectedArrivalDate: '2026-12-10T00:00:00.000Z' }).expectedArrivalDate).toBe('2026-12-10');
    expect(messages(appSchema, { ...validForm(), dateOfBirth: '1990-02-30' })).toEqual({ dateOfBirth: ['Please enter a valid date'] });
    expect(messages(appSchema, { ...validForm(), dateOfBirth: '2027-01-01' })).toEqual({ dateOfBirth: ['Date of birth must be in the past'] });
  });
});

describe('address, profile and password (docs/product.md §5.7, §5.8)', () => {
  it('gives the address messages', () => {
    expect(messages(addressSchema, { address: ' ', city: '', postcode: '' })).toEqual({
      address: ['Address is required'],
      city: ['City is required'],
      postcode: ['Postcode is required'],
      hotelDetails: ['Hotel details are required'],
    });
  });

  it('wants a phone number of at least 10 characters', () => {
    expect(messages(profileSchema, { phoneNumber: '123456789' })).toEqual({ phoneNumber: ['Please enter a valid phone number'] });
    expect(profileSchema.parse({ phoneNumber: ' 0123456789 ' })).toEqual({ phoneNumber: '0123456789' });
  });

  it('gives the change-password messages', () => {
    expect(messages(changePasswordSchema, { currentPassword: '', newPassword: '12345' })).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['New password must be at least 6 characters'],
    });
    expect(messages(changePasswordFormSchema, { currentPassword: 'old', newPassword: 'secret1', confirmPassword: '123' })).toEqual({
      confirmPassword: ['Please confirm your new password'],
    });
    expect(messages(changePasswordFormSchema, { currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
    expect(changePasswordSchema.parse({ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'x' })).toEqual({
      currentPassword: 'old',
      newPassword: 'secret1',
    });
  });
});

describe('contact form', () => {
  const valid = { fullName: 'Jo', email: 'jo@example.com', phoneNumber: '07700900123', nationality: 'United Kingdom', purposeOfTravel: 'Tourism' };

  it('accepts a valid enquiry', () => {
    expect(contactSchema.parse(valid)).toEqual(valid);
  });

  it('gives a clear message per field', () => {
    expect(messages(contactSchema, { fullName: 'J', email: 'x', phoneNumber: '123', nationality: 'Atlantis', purposeOfTravel: ' ' })).toEqual({
      fullName: ['Full name must be at least 2 characters'],
      email: ['Please enter a valid email'],
      phoneNumber: ['Please enter a valid phone number'],
      nationality: ['Please select your nationality'],
      purposeOfTravel: ['Please tell us the purpose of your travel'],
    });
  });
});

describe('admin, payment and analytics inputs', () => {
  it('accepts lower and UPPER status spellings', () => {
    expect(statusChangeSchema.parse({ status: 'ADDITIONAL_INFO_REQUIRED', additionalInfoMessage: ' Hi ', requiresPassportReupload: true })).toEqual({
      status: 'additional_info_required',
      additionalInfoMessage: 'Hi',
      requiresPassportReupload: true,
    });
    expect(statusChangeSchema.parse({ status: 'verified' })).toEqual({ status: 'verified' });
    expect(messages(statusChangeSchema, { status: 'user_registered' })).toEqual({ status: ['Please choose a valid status'] });
    expect(messages(statusChangeSchema, { status: 'approved', requiresPassportReupload: 'yes' })).toEqual({
      requiresPassportReupload: ['requiresPassportReupload must be true or false'],
    });
  });

  it('reads the admin list query', () => {
    expect(adminListQuerySchema.parse({ tab: 'approved', page: '2', pageSize: '25', overdue: 'true', q: ' ' })).toEqual({
      tab: 'approved',
      page: 2,
      pageSize: 25,
      overdue: true,
      q: undefined,
    });
    expect(adminListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 50 });
    expect(messages(adminListQuerySchema, { tab: 'nope', pageSize: '1000' })).toEqual({
      tab: ['Unknown tab'],
      pageSize: ['pageSize must be between 1 and 200'],
    });
  });

  it('needs a payment intent id', () => {
    expect(messages(paymentConfirmSchema, {})).toEqual({ paymentIntentId: ['No payment confirmation received. Please try again.'] });
    expect(paymentConfirmSchema.parse({ paymentIntentId: ' pi_1 ' })).toEqual({ paymentIntentId: 'pi_1' });
  });

  it('reads application ids', () => {
    expect(applicationIdSchema.parse('12')).toBe(12);
    for (const bad of ['abc', '1.5', '-1', '0', '', 'NaN']) {
      expect(messages(applicationIdSchema, bad)).toEqual({ _form: ['Invalid application ID. Please refresh the page and try again.'] });
    }
  });

  it('keeps only the listed tracking properties and bounds sizes', () => {
    expect(analyticsEventSchema.parse({ name: 'payment_completed', path: '/payment', properties: { amount: 1000, currency: 'gbp', email: 'x@y.z' } })).toEqual({
      name: 'payment_completed',
      path: '/payment',
      properties: { amount: 1000, currency: 'gbp' },
    });
    expect(analyticsEventSchema.parse({ name: 'page_view' })).toEqual({ name: 'page_view', path: null, properties: {} });
    expect(messages(analyticsEventSchema, { name: 'x'.repeat(65) })).toEqual({ name: ['Event name must be at most 64 characters'] });
    expect(messages(analyticsEventSchema, { name: 'ok', properties: { nationality: 'x'.repeat(201) } })).toEqual({
      'properties.nationality': ['Analytics values must be at most 200 characters'],
    });
  });
});

describe('parseInput', () => {
  it('answers the parsed data', () => {
    expect(parseInput(profileSchema, { phoneNumber: '0123456789' })).toEqual({ phoneNumber: '0123456789' });
  });

  it("throws Validation with the first field's message and every field's messages", () => {
    try {
      parseInput(loginSchema, { email: 'bad' });
      expect.unreachable();
    } catch (error) {
      expect(isDomainError(error, 'Validation')).toBe(true);
      if (!isDomainError(error) || error.data.type !== 'Validation') throw error;
      expect(error.message).toBe('Please enter a valid email');
      expect(error.data.errors).toEqual({ email: ['Please enter a valid email'], password: ['Please enter your password'] });
    }
  });
});
