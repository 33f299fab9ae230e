import { and, asc, desc, eq } from 'drizzle-orm';
import { isStoredId } from '../../../core/domain/ids.js';
import type { ApplicationReply } from '../../../core/domain/reply.js';
import type { ReplyRepository } from '../../../core/ports/reply-repository.js';
import { documentFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function replyStore(database: SqlDatabase): ReplyRepository {
  const { db, tables: t } = database;
  const r = t.applicationReplies;
  const d = t.documents;
  return {
    async listByApplication(applicationId) {
      if (!isStoredId(applicationId)) return [];
      // Two reads off the application's indexes (application_replies_application_idx, documents_application_idx).
      const [replies, documents] = await Promise.all([
        db.select().from(r).where(eq(r.applicationId, applicationId)).orderBy(desc(r.createdAt), desc(r.id)),
        db
          .select()
          .from(d)
          .where(and(eq(d.applicationId, applicationId), eq(d.type, 'reply')))
          .orderBy(asc(d.id)),
      ]);
      return replies.map((row): ApplicationReply => ({ ...row, documents: documents.filter((doc) => doc.replyId === row.id).map(documentFromRow) }));
    },
  };
}
