import type { InvitedContext, UpdateInvitedUserResponse } from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * After a save that moved the invited flow: the cached context takes the answered progress at
 * once (the next screen's entry rule reads it before its own fetch returns), then everything
 * invited is read again.
 */
export function useRecordInviteProgress() {
  const queryClient = useQueryClient();
  return useCallback(
    (answer: Pick<UpdateInvitedUserResponse, 'lastCompletedStep'>) => {
      queryClient.setQueriesData<InvitedContext>({ queryKey: ['invite', 'current'] }, (context) =>
        context ? { ...context, lastCompletedStep: answer.lastCompletedStep } : context,
      );
      void queryClient.invalidateQueries({ queryKey: ['invite'] });
    },
    [queryClient],
  );
}
