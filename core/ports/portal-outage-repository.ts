import type { NewPortalOutage, PortalOutage } from '../domain/portal-outage.js';

/** The official portal's outages (docs/product.md "When the official portal is down", decision 0032). */
export interface PortalOutageRepository {
  /** The latest outage (the one in force when its endedAt is null), or null when there was none. */
  latest(): Promise<PortalOutage | null>;
  /** Stores a new outage with a fresh id. */
  start(outage: NewPortalOutage): Promise<PortalOutage>;
  /** Writes an outage's message and end (id and start stay); null when there is no such outage. */
  update(outage: PortalOutage): Promise<PortalOutage | null>;
}
