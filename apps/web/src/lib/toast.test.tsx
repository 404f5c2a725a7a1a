/** The toast rules (spec sections 4 and 9): success 2 s, error 4 s, loading until dismissed, at most 20. */
import { TOAST_LIMIT } from '@lectio/contracts/constants';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster, toast } from './toast';

// react-hot-toast hides a dismissed toast and removes it from the DOM 1 s later (a timer it sets once React
// has rendered the dismissal, hence the two separate steps below).
const REMOVE_DELAY_MS = 1000;

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<AppToaster />);
  });
  afterEach(() => {
    act(() => toast.remove());
    vi.useRealTimers();
  });

  it('removes a success toast after 2 s', () => {
    act(() => {
      toast.success('Saved');
    });
    advance(1900);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(150);
    advance(REMOVE_DELAY_MS);
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('keeps an error toast for 4 s', () => {
    act(() => {
      toast.error('Failed');
    });
    advance(3900);
    expect(screen.getByText('Failed')).toBeInTheDocument();
    advance(150);
    advance(REMOVE_DELAY_MS);
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('keeps a loading toast until it is dismissed', () => {
    let id = '';
    act(() => {
      id = toast.loading('Uploading');
    });
    advance(10 * 60 * 1000);
    expect(screen.getByText('Uploading')).toBeInTheDocument();
    act(() => toast.dismiss(id));
    advance(REMOVE_DELAY_MS + 50);
    expect(screen.queryByText('Uploading')).toBeNull();
  });

  it(`shows at most ${TOAST_LIMIT} at once, the newest first`, () => {
    act(() => {
      for (let index = 1; index <= TOAST_LIMIT + 5; index++) toast.loading(`Job ${index}`);
    });
    expect(screen.getAllByText(/^Job \d+$/)).toHaveLength(TOAST_LIMIT);
    expect(screen.getByText(`Job ${TOAST_LIMIT + 5}`)).toBeInTheDocument();
    expect(screen.queryByText('Job 1')).toBeNull();
  });
});
