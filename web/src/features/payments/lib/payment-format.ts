import { formatQuantity, QUANTITY_SCALE } from '@cd/contracts/payment-money';

/** A line's quantity as the invoice prints it: 1, 1.5, 2.125 (the wire carries a decimal number). */
export function formatLineQuantity(quantity: number): string {
  return formatQuantity(Math.round(quantity * QUANTITY_SCALE));
}

/** Brand names are trademarks: the same in every language. */
export const CARD_BRAND_NAMES: Readonly<Record<string, string>> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** "Visa •••• 4242": the brand's name when known, and the last 4 (all a screen ever shows of a card). */
export function cardLabelOf(card: { cardBrand: string | null; cardLast4: string | null }): string {
  const brand = card.cardBrand ? (CARD_BRAND_NAMES[card.cardBrand] ?? '') : '';
  const last4 = card.cardLast4 ? `•••• ${card.cardLast4}` : '';
  return [brand, last4].filter(Boolean).join(' ');
}
