// Time in component tests without real waiting: the test's own timers (debounces, notice fades, the empty-state
// delay) become fake and move only when the test says so, while React, MSW and Testing Library's polling keep
// running on the real clock. setupDom.ts puts the real timers back after every test.
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function useFakeTimeouts(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Moves the fake clock, running what falls due and letting React render the outcome. */
export async function advance(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** userEvent's options: its pauses between keys follow the fake clock when the test uses one. */
export function userEventTiming(): { advanceTimers?: (ms: number) => void } {
  return vi.isFakeTimers() ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {};
}
