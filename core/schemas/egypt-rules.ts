import { z } from 'zod';
import { isCountry } from '../domain/country-list.js';
import { ENTRY_POINT_CODES, isEntryPoint, type EntryPoint } from '../domain/entry-points.js';
import {
  ENTRY_ROUTES,
  MAX_OTHER_ROUTES,
  MAX_ROUTE_PRICE_CENTS,
  OTHER_ROUTES,
  isRuleKind,
  MAX_MIN_DAYS,
  MAX_STAY_DAYS,
  MAX_VALIDITY_MONTHS,
  RULE_KINDS,
  VALIDITY_COUNTED_FROM,
  type RuleKind,
  type RuleValues,
} from '../domain/egypt-rules.js';
import { isCalendarDate } from './dates.js';

export const RULE_MESSAGES = {
  kind: `The rule kind must be one of ${RULE_KINDS.join(', ')}.`,
  months: `The passport validity must be a whole number of months from 1 to ${MAX_VALIDITY_MONTHS}.`,
  countedFrom: `The validity is counted from ${VALIDITY_COUNTED_FROM.join(' or ')}.`,
  days: `The least days before arrival must be a whole number from 0 to ${MAX_MIN_DAYS}.`,
  route: `The route must be one of ${ENTRY_ROUTES.join(', ')}.`,
  maxDays: `The longest stay must be a whole number of days from 1 to ${MAX_STAY_DAYS}, or empty.`,
  conditions: 'The conditions can be at most 500 characters.',
  nationality: 'A nationality route needs a nationality from the list.',
  subject: 'Only a nationality route names a nationality.',
  effectiveFrom: 'The date the rule takes effect must be a date such as 2027-01-04.',
  lastChecked: 'The day the rule was last checked must be a date such as 2026-11-25, not in the future.',
  sourceUrl: 'The source must be a web address starting with https:// or http://.',
  sourceTitle: 'The source needs a title (at most 300 characters).',
  pastInForce: 'A rule already in force cannot be changed from a past date: choose today or a later date.',
  also: `The other routes must be a list of at most ${MAX_OTHER_ROUTES}, each an object with route, entryPoints, sinaiOnly, maxDays, priceCents, payment, conditions and source.`,
  alsoRoute: `Another route must be one of ${OTHER_ROUTES.join(', ')} (the e-visa and the embassy are primary routes).`,
  entryPoints: `The airports of another route must be a list of codes from ${ENTRY_POINT_CODES.join(', ')} (empty: every airport).`,
  sinaiOnly: 'Whether another route is for South Sinai stays only must be true or false.',
  priceCents: `The price of another route must be a whole number of US cents from 0 to ${MAX_ROUTE_PRICE_CENTS}, or empty when unknown.`,
  payment: 'How another route is paid can be at most 300 characters.',
  sinaiStay: 'A South-Sinai-only route needs its longest stay in days.',
} as const;

const date = (message: string) => z.string({ error: message }).trim().refine(isCalendarDate, message);

const passportValue = z.object(
  {
    months: z.number({ error: RULE_MESSAGES.months }).int(RULE_MESSAGES.months).min(1, RULE_MESSAGES.months).max(MAX_VALIDITY_MONTHS, RULE_MESSAGES.months),
    countedFrom: z.enum(VALIDITY_COUNTED_FROM, { error: RULE_MESSAGES.countedFrom }),
  },
  { error: RULE_MESSAGES.months },
);
const sourceSchema = z.object(
  {
    url: z
      .string({ error: RULE_MESSAGES.sourceUrl })
      .trim()
      .max(500, RULE_MESSAGES.sourceUrl)
      .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v), RULE_MESSAGES.sourceUrl),
    title: z.string({ error: RULE_MESSAGES.sourceTitle }).trim().min(1, RULE_MESSAGES.sourceTitle).max(300, RULE_MESSAGES.sourceTitle),
  },
  { error: RULE_MESSAGES.sourceUrl },
);

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const maxDaysSchema = z
  .number({ error: RULE_MESSAGES.maxDays })
  .int(RULE_MESSAGES.maxDays)
  .min(1, RULE_MESSAGES.maxDays)
  .max(MAX_STAY_DAYS, RULE_MESSAGES.maxDays)
  .nullish()
  .transform((v) => v ?? null);

/** Another route open to a nationality (decision 0034): a visa on arrival or a visa-free stay, with its limits and source. */
const otherRouteValue = z
  .object(
    {
      route: z.enum(OTHER_ROUTES, { error: RULE_MESSAGES.alsoRoute }),
      entryPoints: z
        .array(z.string({ error: RULE_MESSAGES.entryPoints }).refine(isEntryPoint, RULE_MESSAGES.entryPoints), { error: RULE_MESSAGES.entryPoints })
        .max(ENTRY_POINT_CODES.length, RULE_MESSAGES.entryPoints)
        .transform((codes) => [...new Set(codes)] as EntryPoint[]),
      sinaiOnly: z.boolean({ error: RULE_MESSAGES.sinaiOnly }),
      maxDays: maxDaysSchema,
      priceCents: z
        .number({ error: RULE_MESSAGES.priceCents })
        .int(RULE_MESSAGES.priceCents)
        .min(0, RULE_MESSAGES.priceCents)
        .max(MAX_ROUTE_PRICE_CENTS, RULE_MESSAGES.priceCents)
        .nullish()
        .transform((v) => v ?? null),
      payment: optionalText(300, RULE_MESSAGES.payment),
      conditions: optionalText(500, RULE_MESSAGES.conditions),
      source: sourceSchema,
    },
    { error: RULE_MESSAGES.also },
  )
  .refine((v) => !v.sinaiOnly || v.maxDays !== null, { message: RULE_MESSAGES.sinaiStay, path: ['maxDays'] });

const routeValue = z.object(
  {
    route: z.enum(ENTRY_ROUTES, { error: RULE_MESSAGES.route }),
    conditions: z
      .string({ error: RULE_MESSAGES.conditions })
      .trim()
      .max(500, RULE_MESSAGES.conditions)
      .nullish()
      .transform((v) => v || null),
    maxDays: z
      .number({ error: RULE_MESSAGES.maxDays })
      .int(RULE_MESSAGES.maxDays)
      .min(1, RULE_MESSAGES.maxDays)
      .max(MAX_STAY_DAYS, RULE_MESSAGES.maxDays)
      .nullish()
      .transform((v) => v ?? null),
    // Absent (a client from before decision 0034): no other route.
    also: z
      .array(otherRouteValue, { error: RULE_MESSAGES.also })
      .max(MAX_OTHER_ROUTES, RULE_MESSAGES.also)
      .nullish()
      .transform((v) => v ?? []),
  },
  { error: RULE_MESSAGES.route },
);
const minDaysValue = z.object(
  { days: z.number({ error: RULE_MESSAGES.days }).int(RULE_MESSAGES.days).min(0, RULE_MESSAGES.days).max(MAX_MIN_DAYS, RULE_MESSAGES.days) },
  { error: RULE_MESSAGES.days },
);

const VALUE_SCHEMAS: { [K in RuleKind]: z.ZodType<RuleValues[K]> } = {
  passport_validity: passportValue,
  nationality_route: routeValue,
  min_days_before_arrival: minDaysValue,
};

/**
 * A rule as staff set it (PUT /api/admin/rules, `evisa rules set`, the admin rules page): its kind,
 * the nationality of a route, its value (checked by kind), the date it takes effect, its source and
 * the day it was checked (today when absent). Past dates for a rule in force are the use case's.
 */
export const egyptRuleInputSchema = z
  .object({
    kind: z.string({ error: RULE_MESSAGES.kind }).trim().refine(isRuleKind, RULE_MESSAGES.kind),
    subject: z.string({ error: RULE_MESSAGES.nationality }).trim().optional().default(''),
    value: z.unknown(),
    effectiveFrom: date(RULE_MESSAGES.effectiveFrom),
    source: sourceSchema,
    lastChecked: date(RULE_MESSAGES.lastChecked).optional(),
  })
  .transform((input, ctx) => {
    const kind = input.kind as RuleKind;
    if (kind === 'nationality_route' && !isCountry(input.subject)) {
      ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.nationality, path: ['subject'] });
      return z.NEVER;
    }
    if (kind !== 'nationality_route' && input.subject !== '') {
      ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.subject, path: ['subject'] });
      return z.NEVER;
    }
    const value = VALUE_SCHEMAS[kind].safeParse(input.value);
    if (!value.success) {
      for (const issue of value.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path.map(String)] });
      return z.NEVER;
    }
    return { ...input, kind, value: value.data as RuleValues[RuleKind] };
  });
export type EgyptRuleInput = z.input<typeof egyptRuleInputSchema>;
