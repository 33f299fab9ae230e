import { asc, sql } from 'drizzle-orm';
import { errors } from '../../../core/domain/errors.js';
import type { ContactEnquiryRepository } from '../../../core/ports/contact-enquiry-repository.js';
import { isForeignKeyViolation } from './driver-errors.js';
import { enquiryFromRow } from './mappers.js';
import type { SqlDatabase } from './sql-database.js';

export function enquiryStore(database: SqlDatabase): ContactEnquiryRepository {
  const { db, tables: t } = database;
  return {
    async create(enquiry) {
      try {
        const [row] = await db
          .insert(t.contactEnquiries)
          .values({ ...enquiry })
          .returning();
        return enquiryFromRow(row);
      } catch (e) {
        if (isForeignKeyViolation(e)) throw errors.notFound('User');
        throw e;
      }
    },
    async listByEmail(email) {
      const found = await db
        .select()
        .from(t.contactEnquiries)
        .where(sql`lower(${t.contactEnquiries.email}) = ${email.trim().toLowerCase()}`)
        .orderBy(asc(t.contactEnquiries.id));
      return found.map(enquiryFromRow);
    },
  };
}
