import type { ApplicationView, AdminListEntry } from '../../../../core/use-cases/use-cases.js';
import type { VisaDocumentRecord } from '../../../../core/domain/document.js';
import type { PublicUser } from '../../../../core/domain/user.js';
import type { AdminTabId } from '../../../../core/domain/admin-tabs.js';
import type { PaymentType } from '../../../../core/domain/fees.js';
import type { StatusHistoryEntry } from '../../../../core/domain/status-history.js';

/** What JSON makes of a type: Dates arrive as ISO strings. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

export type CurrentUser = Jsonify<PublicUser>;
export type ApplicationDto = Jsonify<ApplicationView>;
export type DocumentDto = Jsonify<Omit<VisaDocumentRecord, 'storageKey'>> & { fileUrl?: string };
export type AdminEntryDto = Jsonify<AdminListEntry>;
export type AdminCounts = Record<AdminTabId, number>;
export interface AdminPageDto {
  items: AdminEntryDto[];
  total: number;
  page: number;
  pageSize: number;
}
export type AdminHistoryDto = Jsonify<StatusHistoryEntry>[];

export interface LoginResponse {
  user: CurrentUser;
  needsPasswordChange?: boolean;
}

export interface PublicConfig {
  paymentProvider: 'stripe' | 'test';
  stripePublishableKey?: string;
  agencyEmail: string;
  agencyName: string;
}

export interface StartedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export type { PaymentType };
