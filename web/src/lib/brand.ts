export const BRAND_NAME = 'Courier Desk';
