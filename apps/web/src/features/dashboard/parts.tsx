import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ApplicationDto } from '../../api/applications.js';
import type { CurrentUser } from '../../api/user.js';

/**
 * What other features put on the applicant's dashboard and its application cards. The dashboard
 * feature does not import them (features never import each other: eslint.config.js); the
 * /dashboard route composes them from each feature's public face (routes/_authed/-dashboard-parts.tsx).
 */
export interface DashboardParts {
  /** A bounced email address, above the cards. */
  MailBounceNotice: ComponentType<{ user: CurrentUser }>;
  /** A fee to pay: the offer, then the card form. */
  PaymentPanel: ComponentType<{ applicationId: number; paymentType: 'initial' | 'final'; amount: number; serviceStartRequested: boolean }>;
  /** The e-visa once the final payment is in: being prepared, or ready to download. */
  EvisaStatus: ComponentType<{ application: ApplicationDto }>;
  /** The applicant's answer to an information request. */
  ReplyToRequest: ComponentType<{ application: ApplicationDto }>;
  /** A cancellation asked for or decided. */
  CancellationNotice: ComponentType<{ application: ApplicationDto }>;
  /** The 'Cancel this application' request. */
  CancelApplication: ComponentType<{ application: ApplicationDto }>;
  /** What was refunded. */
  RefundedNotice: ComponentType<{ application: ApplicationDto }>;
}

const DashboardPartsContext = createContext<DashboardParts | null>(null);

export function DashboardPartsProvider({ parts, children }: { parts: DashboardParts; children: ReactNode }) {
  return <DashboardPartsContext.Provider value={parts}>{children}</DashboardPartsContext.Provider>;
}

/** The parts the route composed (DashboardPage, or a test, provides them to the cards). */
export function useDashboardParts(): DashboardParts {
  const parts = useContext(DashboardPartsContext);
  if (!parts) throw new Error('The dashboard renders inside DashboardPartsProvider: the /dashboard route composes its parts.');
  return parts;
}
