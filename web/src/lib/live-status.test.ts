import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getLiveStatus, setLiveStatus, useLiveOpen } from './live-status';

afterEach(() => setLiveStatus('stopped'));

describe('live status', () => {
  it('tells screens whether the live stream is open, and re-renders them when it changes', () => {
    const { result } = renderHook(() => useLiveOpen());
    expect(result.current).toBe(false);
    act(() => setLiveStatus('open'));
    expect(result.current).toBe(true);
    expect(getLiveStatus()).toBe('open');
    act(() => setLiveStatus('waiting'));
    expect(result.current).toBe(false);
  });
});
