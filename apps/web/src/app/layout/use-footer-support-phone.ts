import { type SupportPhone, supportPhoneFor } from '@coparent/domain';
import { useLocation } from 'react-router';
import { useInviteBillingCountry } from '../../features/invite/hooks/use-invite-billing-country';
import { useSupportPhone } from '../../features/join/hooks/use-support-phone';
import { useProSupportPhone } from '../../features/pro/hooks/use-pro-support-phone';

const isUnder = (pathname: string, base: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

/**
 * The footer's support line: the practice's country on /pro, the invited co-parent's billing
 * country on /invite once saved, and the join visitor's (billing country, phone code, browser
 * language) otherwise.
 */
export function useFooterSupportPhone(): SupportPhone {
  const { pathname } = useLocation();
  const visitorPhone = useSupportPhone();
  const practicePhone = useProSupportPhone();
  const inviteCountry = useInviteBillingCountry();
  if (isUnder(pathname, '/pro')) return practicePhone;
  if (isUnder(pathname, '/invite') && inviteCountry) return supportPhoneFor(inviteCountry);
  return visitorPhone;
}
