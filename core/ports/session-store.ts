export interface Session {
  /** SHA-256 of the cookie's random id: the raw id is never stored. */
  idHash: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
  /** The browser's User-Agent and the client's address when the session began (the user's list of sessions). */
  userAgent?: string | null;
  clientAddress?: string | null;
}

export interface SessionStore {
  create(session: Session): Promise<void>;
  find(idHash: string): Promise<Session | null>;
  /** The user's sessions, newest first. */
  listForUser(userId: number): Promise<Session[]>;
  touch(idHash: string, lastSeenAt: Date): Promise<void>;
  delete(idHash: string): Promise<void>;
  deleteAllForUser(userId: number): Promise<void>;
  /** Removes sessions last seen before `idleBefore` or created before `createdBefore`. */
  deleteExpired(idleBefore: Date, createdBefore: Date): Promise<number>;
}
