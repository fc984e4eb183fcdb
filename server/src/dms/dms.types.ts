/**
 * The vendor-neutral DMS (dealer management system) interface. The repair-order module talks to this only; the
 * Dealertrack OpenTrack (vendor type A) and CDK Fortellis (vendor type B) adapters translate it to each wire
 * protocol (shared/protocols/dms-and-payments.md §1, §2). Money is integer cents, times are instants (Date).
 */

import type { TRedactedExchange } from '../lib/outside-calls/recorded-exchange';

export type TDmsVendor = 'dealertrack' | 'cdk';

export interface TDmsCustomer {
  /** The vendor's customer key (Dealertrack CustomerKey/CustomerNumber, CDK customerId). */
  dmsKey: string;
  firstName: string | null;
  lastName: string | null;
  /** Digits as the DMS holds them (may lack an area code); the module normalizes and matches. */
  phones: string[];
  email: string | null;
}

export interface TDmsVehicle {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  mileage: number | null;
}

export type TDmsLineStatus = 'open' | 'complete';

export interface TDmsRepairOrderLine {
  /** Line key within the order (Dealertrack ServiceLineNumber / LineNumber, CDK lineCode or serviceLineId). */
  dmsLineKey: string;
  description: string;
  priceCents: number;
  status: TDmsLineStatus | null;
}

export interface TDmsRepairOrder {
  /** What identifies the order at the vendor for later calls (the RO number for both vendors). */
  dmsKey: string;
  number: string;
  openedAt: Date | null;
  closedAt: Date | null;
  promisedAt: Date | null;
  status: 'open' | 'closed';
  /** The vendor's own status code, kept for display and debugging. */
  vendorStatus: string | null;
  /** Dealertrack ServiceWriterID (= user dms.dtPersonId), CDK serviceAdvisor (= user dms.cdkServiceAdvisorId). */
  serviceWriterId: string | null;
  customer: TDmsCustomer | null;
  vehicle: TDmsVehicle;
  lines: TDmsRepairOrderLine[];
}

export interface TDmsServiceWriter {
  id: string;
  name: string;
  email: string | null;
  /** Inactive writers cannot be put on an order (Dealertrack `Active` N). */
  active: boolean;
}

export interface TDmsNewLine {
  /** The caller's own id for the line, echoed in the result so it can record which lines reached the DMS. */
  ref: string;
  description: string;
  priceCents: number;
}

export interface TDmsPushedLine {
  ref: string;
  /** The line key the DMS gave it (null when the vendor answers without one). */
  dmsLineKey: string | null;
}

export interface TDmsPushLinesOptions {
  repairOrder: { dmsKey: string; number: string; serviceWriterId?: string | null; vin?: string | null; customerDmsKey?: string | null };
  lines: TDmsNewLine[];
  signal?: AbortSignal;
}

export interface TDmsAdapter {
  readonly vendor: TDmsVendor;
  /** Open orders; with `modifiedSince`, only those changed since then (the vendor's delta query). */
  listOpenRepairOrders(opts?: { modifiedSince?: Date; signal?: AbortSignal }): Promise<TDmsRepairOrder[]>;
  /** Orders closed (final close when the vendor has one) between `since` and `until` (default now). */
  listClosedRepairOrders(opts: { since: Date; until?: Date; signal?: AbortSignal }): Promise<TDmsRepairOrder[]>;
  listServiceWriters(opts?: { signal?: AbortSignal }): Promise<TDmsServiceWriter[]>;
  /** Adds approved lines to an order that is open at the vendor; one call per push, results in input order. */
  pushApprovedLines(opts: TDmsPushLinesOptions): Promise<TDmsPushedLine[]>;
  /** One customer by the vendor's key; null when the vendor does not know it. */
  findCustomer(opts: { dmsKey: string; signal?: AbortSignal }): Promise<TDmsCustomer | null>;
}

/** One HTTP exchange with a vendor, secrets already redacted (for the development logs screen). */
export interface TDmsCall extends TRedactedExchange {
  vendor: TDmsVendor;
}

export type TDmsCallSink = (call: TDmsCall) => void;

/** Options every adapter shares. */
export interface TDmsCommonOptions {
  onCall?: TDmsCallSink;
  /** Per-request deadline (default 60 s; Dealertrack clients use 30 s to 2 min). */
  timeoutMs?: number;
  /** Responses past this size are refused (default 20 MB). */
  maxResponseBytes?: number;
  /** IANA zone the dealership's DMS writes local dates and times in (default UTC). */
  timeZone?: string;
  fetch?: typeof fetch;
}
