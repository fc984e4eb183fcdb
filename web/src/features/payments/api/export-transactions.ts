import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { transactionApiQuery, type TTransactionFilters } from '../lib/transactions-query';

/**
 * GET /api/payment/transactions/export.csv with the list's filters. It needs the bearer token, so it is fetched through
 * the api client (which reads text/csv as text) and saved from a blob rather than opened as a plain link.
 */
export async function exportTransactionsCsv(filters: TTransactionFilters): Promise<Blob> {
  const text = await api.request<string>('/api/payment/transactions/export.csv', { query: transactionApiQuery(filters) });
  return new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactionsCsv });
}
