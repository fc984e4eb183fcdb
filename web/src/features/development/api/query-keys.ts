/** Every development-section query starts with this key. */
export const developmentQueryKey = ['development'] as const;
export const apiRequestsQueryKey = [...developmentQueryKey, 'api-requests'] as const;
export const webhookRequestsQueryKey = [...developmentQueryKey, 'webhook-requests'] as const;
