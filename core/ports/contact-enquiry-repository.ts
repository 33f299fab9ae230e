export interface ContactEnquiry {
  id: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  nationality: string;
  purposeOfTravel: string;
  userId: number;
  /** True when the email already had an account and no new one was made. */
  existingAccount: boolean;
  createdAt: Date;
}

export interface ContactEnquiryRepository {
  create(enquiry: Omit<ContactEnquiry, 'id'>): Promise<ContactEnquiry>;
  listByEmail(email: string): Promise<ContactEnquiry[]>;
}
