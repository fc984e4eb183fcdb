/** Cache keys of the payments feature; the live-event handler addresses them by prefix. */
export const paymentKeys = {
  publicPage: (code: string) => ['public-payment', code] as const,
  transactionsAll: ['payment_transactions'] as const,
  transactionLists: ['payment_transactions', 'list'] as const,
  transactionList: (filters: unknown) => ['payment_transactions', 'list', filters] as const,
  recurringRules: ['payment_recurring_rules'] as const,
  // Under the rules' prefix: whatever refreshes the rules (a revoke, a new rule, a live event) refreshes the cards too.
  savedCards: ['payment_recurring_rules', 'saved_cards'] as const,
};
