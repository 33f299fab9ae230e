import { NAMED_UNSUPPORTED_NATIONALITIES } from '@core/domain/countries.js';
import type { NationalityRouteValue } from '@core/domain/egypt-rules.js';
import type { PageWords } from '../../lib/i18n.js';
import { isolate } from '../../lib/bidi.js';

/**
 * nationalityMessage (core/domain/countries.ts, egypt-rules.ts routeMessage) in the page's
 * language: one message per sentence and route, the English word for word the core's. The route's
 * conditions are staff's words and stay as written.
 */
export function nationalityProblemIn(nationality: string, route: NationalityRouteValue | null, email: string, { t, dir }: Pick<PageWords, 't' | 'dir'>): string {
  if (!route || route.route === 'evisa' || (NAMED_UNSUPPORTED_NATIONALITIES as readonly string[]).includes(nationality)) {
    return t('We currently do not process applications for your nationality. Please contact us at {email} for further support.', { email: isolate(email, dir) });
  }
  const values = { nationality: isolate(nationality, dir), email: isolate(email, dir), days: route.maxDays ?? 0, conditions: route.conditions ?? '' };
  const limited = route.maxDays !== null;
  switch (route.route) {
    case 'visa_on_arrival':
      return limited
        ? t(
            "Citizens of {nationality} cannot use Egypt's e-visa: you can buy a visa on arrival at Egypt's airports for up to {days, plural, other {# days}}. We cannot apply for it for you; contact us at {email} if you have questions.",
            values,
          )
        : t(
            "Citizens of {nationality} cannot use Egypt's e-visa: you can buy a visa on arrival at Egypt's airports. We cannot apply for it for you; contact us at {email} if you have questions.",
            values,
          );
    case 'visa_free':
      if (route.conditions) {
        return limited
          ? t(
              'Citizens of {nationality} need no visa for Egypt for up to {days, plural, other {# days}}. {conditions} We cannot apply for a visa for you; contact us at {email} if you have questions.',
              values,
            )
          : t('Citizens of {nationality} need no visa for Egypt. {conditions} We cannot apply for a visa for you; contact us at {email} if you have questions.', values);
      }
      return limited
        ? t('Citizens of {nationality} need no visa for Egypt for up to {days, plural, other {# days}}. We cannot apply for a visa for you; contact us at {email} if you have questions.', values)
        : t('Citizens of {nationality} need no visa for Egypt. We cannot apply for a visa for you; contact us at {email} if you have questions.', values);
    case 'embassy_only':
      return t(
        "Citizens of {nationality} cannot use Egypt's e-visa: you need a visa from an Egyptian embassy or consulate before you travel. We cannot apply for it for you; contact us at {email} if you have questions.",
        values,
      );
  }
}
