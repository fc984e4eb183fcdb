/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */

/** Upper bounds that keep a typo (an extra digit or three) from being saved as a real price or duration. */
export const SERVICE_PRICE_MAX_CENTS = 100_000_000; // $1,000,000.00
export const SERVICE_DURATION_MAX_MINUTES = 10_080; // one week
export const SERVICE_TITLE_MAX = 200;
export const SERVICE_DESCRIPTION_MAX = 2000;
