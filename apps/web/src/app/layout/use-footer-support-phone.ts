import type { SupportPhone } from '@coparent/domain';
import { useLocation } from 'react-router';
import { useSupportPhone } from '../../features/join/hooks/use-support-phone';
import { useProSupportPhone } from '../../features/pro/hooks/use-pro-support-phone';

/** The footer's support line: the practice's country on /pro, the join visitor's elsewhere. */
export function useFooterSupportPhone(): SupportPhone {
  const { pathname } = useLocation();
  const visitorPhone = useSupportPhone();
  const practicePhone = useProSupportPhone();
  return pathname === '/pro' || pathname.startsWith('/pro/') ? practicePhone : visitorPhone;
}
