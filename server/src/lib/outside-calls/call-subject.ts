import { AsyncLocalStorage } from 'node:async_hooks';
import type { TCallSubjectType } from '@cd/contracts/dev-logs';

/** What the work in progress is about: the outside calls made inside carry it into the API log. */
export interface TCallSubject {
  companyId: number | null;
  subjectType?: TCallSubjectType;
  subjectId?: number | null;
}

const storage = new AsyncLocalStorage<TCallSubject>();

/**
 * Runs `fn` with every outside call it makes tagged with the company and subject (the message being sent, the
 * payment being charged…). Nested calls refine the outer subject; a company given outside stays when the inner
 * one does not name one.
 */
export function runWithCallSubject<T>(subject: TCallSubject, fn: () => T): T {
  const outer = storage.getStore();
  return storage.run({ ...outer, ...subject, companyId: subject.companyId ?? outer?.companyId ?? null }, fn);
}

export function currentCallSubject(): TCallSubject | undefined {
  return storage.getStore();
}

/**
 * `target` with every method running inside runWithCallSubject: a company's DMS adapter or card processor, so each
 * call it makes is logged under that company without every caller wrapping its calls.
 */
export function bindCallSubject<T extends object>(target: T, subject: TCallSubject): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => runWithCallSubject(subject, () => (value as (...a: unknown[]) => unknown).apply(obj, args));
    },
  });
}
