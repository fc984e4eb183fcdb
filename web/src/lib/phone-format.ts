import { useSyncExternalStore } from 'react';

/*
 * Phone numbers in national format without libphonenumber's metadata (28 KB gzip) on the first screen: NANP numbers,
 * the product's main market, are formatted here exactly as libphonenumber does ("(201) 555-0123"); any other number
 * waits for the library, which loads on first need (and with the other screens, lib/screen-dependencies.ts).
 */

type TFormat = (value: string) => string;

let libraryFormat: TFormat | undefined;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Ten digits with an area code starting 2–9, after an optional +1 or 1: the library formats every such number alike. */
const NANP = /^(?:\+?1)?([2-9]\d{2})(\d{3})(\d{4})$/;

/**
 * "(201) 555-0123" for a NANP number written as digits with optional spaces, dashes, dots and parentheses; undefined
 * for anything else (the library decides those). format.test.ts holds this to libphonenumber's output.
 */
export function formatNanpPhone(value: string): string | undefined {
  if (!/^\+?[\d\s().-]+$/.test(value)) return undefined;
  const m = NANP.exec(value.replace(/[\s().-]/g, ''));
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : undefined;
}

/** Loads libphonenumber once; every formatPhone after it (and every useFormatPhone component) formats all numbers. */
export function loadPhoneFormatter(): Promise<void> {
  pending ??= import('libphonenumber-js').then((m) => {
    libraryFormat = (value) => m.parsePhoneNumberFromString(value, 'US')?.formatNational() ?? value;
    for (const listener of listeners) listener();
  });
  // A failed fetch may be retried by the next number that needs it.
  pending.catch(() => (pending = undefined));
  return pending;
}

/**
 * National format, e.g. "(201) 555-0123" for US numbers; unparseable input is shown as stored. A non-NANP number is
 * shown as stored until the library is in: components on the first screen re-render then through useFormatPhone;
 * the other screens' routes wait for it before they render.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const nanp = formatNanpPhone(value);
  if (nanp !== undefined) return nanp;
  if (libraryFormat) return libraryFormat(value);
  void loadPhoneFormatter().catch(() => undefined);
  return value;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** formatPhone for a component that may render before the library is in: it re-renders once the library arrives. */
export function useFormatPhone(): typeof formatPhone {
  useSyncExternalStore(subscribe, () => libraryFormat !== undefined);
  return formatPhone;
}
