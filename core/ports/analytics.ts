export const ANALYTICS_PROPERTY_KEYS = [
  'nationality',
  'purposeOfVisit',
  'entry',
  'applicationId',
  'paymentType',
  'amount',
  'currency',
  'oldStatus',
  'newStatus',
  'groupId',
  'groupSize',
  'refunded',
] as const;
export type AnalyticsPropertyKey = (typeof ANALYTICS_PROPERTY_KEYS)[number];

export interface AnalyticsEvent {
  name: string;
  path: string | null;
  userId: number | null;
  properties: Partial<Record<AnalyticsPropertyKey, string | number | boolean | null>>;
  occurredAt: Date;
}

export interface Analytics {
  record(event: AnalyticsEvent): Promise<void>;
  list(filter?: { name?: string }): Promise<AnalyticsEvent[]>;
}
