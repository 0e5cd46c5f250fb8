import { INVITE_PATHS, type OrderSchema } from '@coparent/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { track } from '@/lib/analytics';
import { getAnonymousId } from '@/lib/anonymous-id';
import { useUpdateInvitedUser } from '../api/update-invited-user';
import { inviteNextPath, isInviteAuthError } from '../invite-errors';
import { useRecordInviteProgress } from './use-record-invite-progress';

/**
 * The invited package choice (PATCH section PACKAGE): a package from /invite/packages, the
 * build-your-own order from /invite/choose-your-own (with `productId` and `services`), or the
 * upgrade there. The server answers where to go (`nextInviteStep`): /invite/choose-your-own for a
 * build-your-own package still to configure, else /invite/payment.
 */
export function useSaveInvitePackage({ token, userId }: { token: string; userId: string }) {
  const navigate = useNavigate();
  const update = useUpdateInvitedUser();
  const recordProgress = useRecordInviteProgress();
  const [savingId, setSavingId] = useState<number>();
  const [hasProblem, setHasProblem] = useState(false);

  /** True when saved (and navigated on). */
  const save = async (order: z.input<typeof OrderSchema>): Promise<boolean> => {
    setHasProblem(false);
    setSavingId(order.packageId);
    try {
      const answer = await update.mutateAsync({
        token,
        userId,
        body: { sections: ['PACKAGE'], order, segmentAnonymousId: getAnonymousId() },
      });
      recordProgress(answer);
      track('Invite Package Selected', {
        packageId: order.packageId,
        ...(order.productId ? { productId: order.productId, services: order.services ?? [] } : {}),
      });
      navigate(inviteNextPath(answer.nextPath, INVITE_PATHS.payment));
      return true;
    } catch (error) {
      setSavingId(undefined);
      if (isInviteAuthError(error)) {
        navigate(INVITE_PATHS.request, { replace: true });
        return false;
      }
      setHasProblem(true);
      return false;
    }
  };

  return { save, savingId, hasProblem };
}
