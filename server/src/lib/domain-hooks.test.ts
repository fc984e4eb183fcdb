import { describe, expect, it } from 'vitest';
import { createHook } from './domain-hooks';

describe('createHook', () => {
  it('runs attached handlers in order, once each even when attached again', async () => {
    const hook = createHook<{ n: number }>({ name: 'test' });
    const seen: string[] = [];
    const first = (e: { n: number }) => void seen.push(`a${e.n}`);
    hook.attach(first);
    hook.attach(async (e) => {
      await Promise.resolve();
      seen.push(`b${e.n}`);
    });
    hook.attach(first);
    await hook.run({ n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('lets a failing handler fail the announcer (its transaction rolls back)', async () => {
    const hook = createHook<void>({ name: 'failing' });
    hook.attach(() => {
      throw new Error('boom');
    });
    await expect(hook.run()).rejects.toThrow('boom');
  });
});
