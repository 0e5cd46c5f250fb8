import { ALERT_BANNER_MS } from '@coparent/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertBanner } from './alert-banner';

describe('AlertBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hides itself after the domain’s ALERT_BANNER_MS (15 seconds)', () => {
    const onClose = vi.fn();
    render(<AlertBanner onClose={onClose}>Your details are saved.</AlertBanner>);
    expect(screen.getByRole('status')).toHaveTextContent('Your details are saved.');

    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledOnce();
    expect(ALERT_BANNER_MS).toBe(15_000);
  });

  it('can be closed, and errors are announced as alerts', () => {
    render(<AlertBanner tone="error">Something went wrong.</AlertBanner>);
    fireEvent.click(screen.getByRole('button', { name: 'Close message' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('waits while the pointer is on it, and stays when told to', () => {
    render(
      <>
        <AlertBanner>Hovered</AlertBanner>
        <AlertBanner tone="warning" autoHideMs={null}>
          Kept
        </AlertBanner>
      </>,
    );
    fireEvent.mouseEnter(screen.getByText('Hovered'));
    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS * 2));
    expect(screen.getByText('Hovered')).toBeInTheDocument();
    expect(screen.getByText('Kept')).toBeInTheDocument();
  });
});
