/** A date `days` from today, as the application form takes it (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A complete, valid application form for the benchmarks' applicants (arriving in two weeks), with `overrides`. */
export function benchApplicationForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    givenName: 'Bench',
    surname: 'Applicant',
    gender: 'female',
    dateOfBirth: '1990-12-10',
    nationality: 'United Kingdom',
    countryOfBirth: 'United Kingdom',
    otherNationalities: false,
    maritalStatus: 'single',
    profession: 'Engineer',
    purposeOfVisit: 'tourism',
    entry: 'Single',
    expectedArrivalDate: dayFromToday(14),
    expectedDepartureDate: dayFromToday(21),
    passportNumber: 'P1000000',
    passportExpiry: dayFromToday(800),
    visitedEgyptBefore: false,
    hasBeenDeported: false,
    privacyPolicyAccepted: true,
    ...overrides,
  };
}
