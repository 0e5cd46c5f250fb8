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

  it('leaves its action (Try again) when it hides, and shows again for a new failure', () => {
    const { rerender } = render(
      <AlertBanner tone="error" action={<button type="button">Try again</button>} showAgainKey={1}>
        Something went wrong.
      </AlertBanner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Try again');

    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    rerender(
      <AlertBanner tone="error" action={<button type="button">Try again</button>} showAgainKey={2}>
        Something went wrong.
      </AlertBanner>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('waits while focus is in it (a person on its button keeps it)', () => {
    render(
      <AlertBanner tone="error" action={<button type="button">Try again</button>}>
        Something went wrong.
      </AlertBanner>,
    );
    fireEvent.focus(screen.getByRole('button', { name: 'Try again' }));
    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS * 2));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
