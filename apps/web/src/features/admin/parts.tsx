import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AdminApplicationDto, AdminEntryDto } from '../../api/admin.js';

/**
 * What other features put on the admin dashboard and in its side panel. The admin feature does not
 * import them (features never import each other: eslint.config.js); the /admin route composes them
 * from each feature's public face (routes/_authed/-admin-parts.tsx) and hands them to AdminDashboard.
 */
export interface AdminParts {
  /** The header's link to the portal status page, for staff who run operations. */
  PortalStatusLink: ComponentType;
  /** The refunds waiting for a decision, above the list, for staff who manage refunds. */
  RefundQueue: ComponentType;
  /** A cancellation request waiting for a decision: the panel's first section. */
  CancellationDecision: ComponentType<{ app: AdminApplicationDto }>;
  /** The open information request and the applicant's replies. */
  Replies: ComponentType<{ app: AdminApplicationDto }>;
  /** The official portal's ledger and sheet. */
  Portal: ComponentType<{ entry: AdminEntryDto; app: AdminApplicationDto }>;
  InternalNotes: ComponentType<{ applicationId: number }>;
  /** The messages sent to the applicant, and a bounced address. */
  DeliveryLog: ComponentType<{ applicationId: number; bounce: AdminEntryDto['user']['mailBounce'] }>;
  AuditTrail: ComponentType<{ applicationId: number }>;
  /** The refunds of the application, in the Payments section. */
  Refunds: ComponentType<{ app: AdminApplicationDto }>;
}

const AdminPartsContext = createContext<AdminParts | null>(null);

export function AdminPartsProvider({ parts, children }: { parts: AdminParts; children: ReactNode }) {
  return <AdminPartsContext.Provider value={parts}>{children}</AdminPartsContext.Provider>;
}

/** The parts the route composed (AdminDashboard provides them to everything it renders). */
export function useAdminParts(): AdminParts {
  const parts = useContext(AdminPartsContext);
  if (!parts) throw new Error('The admin dashboard renders inside AdminPartsProvider: the /admin route composes its parts.');
  return parts;
}
