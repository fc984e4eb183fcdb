import type { TAnswer, TQuestion } from '@cd/contracts/questionnaires';

/** Rows of migration 0032 as the repository reads them (raw SQL, camelCase). */

export interface TQuestionnaireRow {
  companyId: number;
  id: number;
  name: string;
  questions: TQuestion[];
  archivedAt: Date | null;
  sentCount: number;
  answeredCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface TQuestionnaireResponseRow {
  companyId: number;
  id: number;
  questionnaireId: number;
  questionnaireName: string;
  customerId: number;
  leadId: number | null;
  linkId: number | null;
  /** The link's code (for its URL), when the link still exists. */
  linkCode: string | null;
  questions: TQuestion[];
  sentAt: Date;
  answeredAt: Date | null;
  answers: TAnswer[];
}

/** A list page: keyset newest first, or everything up to a cap. */
export type TPageAsk = { paginated: true; limit: number; before?: Date; idLt?: number } | { paginated: false; limit: number };
