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

/**
 * GET /api/admin/payment-issues: payments that succeeded with the provider in the last 30 days but
 * are not recorded on an application. (Written out here until the server's route exports its type.)
 */
export interface PaymentIssueDto {
  paymentIntentId: string;
  applicationId: number | null;
  applicationNumber: string | null;
  paymentType: PaymentType | null;
  /** Minor units (pence). */
  amount: number;
  currency: string;
  createdAt: string;
  problem: string;
  /** The server can record it on its application ('Record payment'). */
  recordable: boolean;
}
export interface PaymentIssuesDto {
  checked: number;
  issues: PaymentIssueDto[];
}

export interface StartedPayment {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
}

export type { PaymentType };
