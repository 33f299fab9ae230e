import { z } from 'zod';
import { ANALYTICS_PROPERTY_KEYS, type AnalyticsPropertyKey } from '../ports/analytics.js';

const propertyValue = z.union([z.string().max(200, 'Analytics values must be at most 200 characters'), z.number().finite(), z.boolean(), z.null()], {
  error: 'Analytics values must be text, numbers, booleans or null',
});

const propertiesShape = Object.fromEntries(ANALYTICS_PROPERTY_KEYS.map((key) => [key, propertyValue.optional()])) as Record<AnalyticsPropertyKey, z.ZodOptional<typeof propertyValue>>;

/**
 * A page view or conversion event sent by the web app (docs/product.md §13). Only the listed tracking fields are
 * kept (unknown keys are dropped); names, paths and values are bounded.
 */
export const analyticsEventSchema = z.object({
  name: z
    .string({ error: 'Event name is required' })
    .trim()
    .min(1, 'Event name is required')
    .max(64, 'Event name must be at most 64 characters')
    .regex(/^[a-z0-9_.:-]+$/i, 'Event name may contain only letters, digits and _ . : -'),
  path: z
    .string()
    .trim()
    .max(512, 'Path must be at most 512 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  properties: z
    .object(propertiesShape)
    .optional()
    .transform((p) => {
      const kept: Partial<Record<AnalyticsPropertyKey, string | number | boolean | null>> = {};
      for (const key of ANALYTICS_PROPERTY_KEYS) if (p?.[key] !== undefined) kept[key] = p[key];
      return kept;
    }),
});
export type AnalyticsEventInput = z.output<typeof analyticsEventSchema>;
