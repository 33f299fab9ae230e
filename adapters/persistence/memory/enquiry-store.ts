import { errors } from '../../../core/domain/errors.js';
import type { ContactEnquiryRepository } from '../../../core/ports/contact-enquiry-repository.js';
import { copy, type MemoryState } from './state.js';

export function enquiryStore(s: MemoryState): ContactEnquiryRepository {
  return {
    async create(enquiry) {
      if (!s.users.has(enquiry.userId)) throw errors.notFound('User');
      const id = ++s.seq.enquiries;
      const row = { ...copy(enquiry), id };
      s.enquiries.set(id, row);
      return copy(row);
    },
    async listByEmail(email) {
      const wanted = email.trim().toLowerCase();
      return [...s.enquiries.values()]
        .filter((e) => e.email.toLowerCase() === wanted)
        .sort((a, b) => a.id - b.id)
        .map(copy);
    },
  };
}
