import type { TErrorReport } from '@cd/contracts/error-report';

/** One line for the list: "Type: value", else the message. */
export function errorSummaryOf(r: Pick<TErrorReport, 'exceptionType' | 'exceptionValue' | 'message'>): string {
  if (r.exceptionType || r.exceptionValue) return [r.exceptionType, r.exceptionValue].filter(Boolean).join(': ');
  return r.message ?? '';
}

/** The path of the page the error happened on (the origin is the app's own). */
export function pagePathOf(url: string | null): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
