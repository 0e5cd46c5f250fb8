import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { addAccountAreaCatalogue } from '@/locales/catalogue-account-area.en';
import { FunnelTable } from './funnel-table';

addAccountAreaCatalogue();

const FORGED = '<img src=x onerror=alert(1)>';

describe('FunnelTable', () => {
  it('shows an experiment or arm name that looks like markup as text, never as markup', () => {
    const { container } = render(
      <FunnelTable
        caption={i18n.t('adminFunnel.experiments.caption', { name: FORGED })}
        groups={[
          {
            name: i18n.t('adminFunnel.experiments.arm', { variant: FORGED }),
            steps: [{ key: 'landing', label: 'Landing', visitors: 3, conversionToNext: null }],
          },
        ]}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('table')).toHaveAccessibleName(expect.stringContaining(FORGED));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toContain(`Arm ${FORGED}: Visitors`);
  });
});
