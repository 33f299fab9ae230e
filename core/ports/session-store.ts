export interface Session {
  /** SHA-256 of the cookie's random id: the raw id is never stored. */
  idHash: string;
  userId: number;
  createdAt: Date;
  lastSeenAt: Date;
}

export interface SessionStore {
  create(session: Session): Promise<void>;
  find(idHash: string): Promise<Session | null>;
  touch(idHash: string, lastSeenAt: Date): Promise<void>;
  delete(idHash: string): Promise<void>;
  deleteAllForUser(userId: number): Promise<void>;
  /** Removes sessions last seen before `idleBefore` or created before `createdBefore`. */
  deleteExpired(idleBefore: Date, createdBefore: Date): Promise<number>;
}
