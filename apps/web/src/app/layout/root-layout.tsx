import { Outlet } from 'react-router';
import { FunnelDiscount } from './funnel-discount';
import { PageFrame } from './page-frame';
import { PrefetchNextStep } from './prefetch-next-step';
import { SiteHeader } from './site-header';

export function RootLayout() {
  return (
    <>
      <PageFrame header={<SiteHeader />}>
        <FunnelDiscount />
        <Outlet />
      </PageFrame>
      <PrefetchNextStep />
    </>
  );
}
