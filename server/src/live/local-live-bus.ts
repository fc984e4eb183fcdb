import { EventEmitter } from 'node:events';
import type { TLiveBus, TStoredLiveEvent } from './live.types';

/** Single-process fan-out (the embedded default, and every process's local leg when Redis is used). */
export function createLocalLiveBus(): TLiveBus & { deliverLocal(event: TStoredLiveEvent): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliverLocal = (event: TStoredLiveEvent) => emitter.emit('event', event);
  return {
    deliverLocal,
    broadcast(events) {
      for (const e of events) deliverLocal(e);
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
