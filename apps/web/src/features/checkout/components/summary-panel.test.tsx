import { MOBILE_BREAKPOINT_PX } from '@coparent/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SummaryPanel } from './summary-panel';

function stubWidth(isNarrow: boolean) {
  const queries: string[] = [];
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      queries.push(query);
      return {
        matches: isNarrow,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      };
    }),
  );
  return queries;
}

describe('SummaryPanel', () => {
  it('shows the summary as it is on wide screens', () => {
    stubWidth(false);
    render(
      <SummaryPanel totalFormatted="$159.36">
        <p>The summary</p>
      </SummaryPanel>,
    );
    expect(screen.getByText('The summary')).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it(`is collapsible up to ${MOBILE_BREAKPOINT_PX}px, with the total on its button`, async () => {
    const queries = stubWidth(true);
    render(
      <SummaryPanel totalFormatted="$159.36">
        <p>The summary</p>
      </SummaryPanel>,
    );
    expect(queries).toContain('(max-width: 600px)');
    const toggle = screen.getByRole('button', { name: 'Show order summary $159.36' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('The summary')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The summary')).toBeVisible();
    expect(toggle).toHaveAccessibleName('Hide order summary $159.36');
  });
});
