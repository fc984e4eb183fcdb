/** Rows of migration 0035 as the repository reads them (raw SQL, camelCase). */

export interface TReminderRow {
  companyId: number;
  id: number;
  userId: number;
  customerId: number | null;
  /** The customer's display name parts when the reminder is about one (joined in the same statement). */
  customerFirstName: string | null;
  customerLastName: string | null;
  text: string;
  dueAt: Date;
  doneAt: Date | null;
  createdAt: Date;
}

/** The page a list asks for: soonest due first after the keyset (due time, then id), or everything up to a cap. */
export interface TReminderPageAsk {
  paginated: boolean;
  limit: number;
  after?: Date;
  idGt?: number;
}
