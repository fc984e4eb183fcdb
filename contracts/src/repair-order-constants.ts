/* Zod-free on purpose: the web app's first screens import these values without loading schema code. */

/** Live event entity names (spec part 1 §4) of this area. */
export const REPAIR_ORDER_LIVE_ENTITIES = { repairOrder: 'repair_order', repairOrderLine: 'repair_order_line', vehicle: 'vehicle' } as const;
