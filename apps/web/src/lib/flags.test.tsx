import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FlagProvider, parseFlagParam, readUrlFlags, useFlag, useRestriction } from './flags';

function Probe() {
  return <p>{useFlag('remove-coparent-status')}</p>;
}

describe('flags', () => {
  it('has every experiment off by default', () => {
    render(<Probe />);
    expect(screen.getByText('Off')).toBeVisible();
  });

  it('takes overrides from the provider', () => {
    render(
      <FlagProvider overrides={{ 'remove-coparent-status': 'Treatment' }}>
        <Probe />
      </FlagProvider>,
    );
    expect(screen.getByText('Treatment')).toBeVisible();
  });

  it('reads ?flags= and remembers it for the tab', () => {
    expect(
      parseFlagParam('remove-coparent-status:Treatment,venmo:Bogus, social-proof:Control'),
    ).toEqual({
      'remove-coparent-status': 'Treatment',
      'social-proof': 'Control',
    });
    expect(readUrlFlags('?flags=remove-coparent-status:Treatment')).toEqual({
      'remove-coparent-status': 'Treatment',
    });
    expect(readUrlFlags('')).toEqual({ 'remove-coparent-status': 'Treatment' });
  });

  it('reads restriction flags as true or false, off by default', () => {
    expect(parseFlagParam('hide-paypal:true,hide-amex:false,hide-venmo:Treatment')).toEqual({
      'hide-paypal': true,
      'hide-amex': false,
    });
    function Restriction() {
      return <p>{useRestriction('hide-paypal') ? 'hidden' : 'shown'}</p>;
    }
    const { rerender } = render(<Restriction />);
    expect(screen.getByText('shown')).toBeVisible();
    rerender(
      <FlagProvider overrides={{ 'hide-paypal': true }}>
        <Restriction />
      </FlagProvider>,
    );
    expect(screen.getByText('hidden')).toBeVisible();
  });
});
