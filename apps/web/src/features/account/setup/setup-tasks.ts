import { INVITE_PATHS, type InvitedContext } from '@coparent/domain';

/** The join app's invited screens (another app: full page loads). */
const JOIN = '/app/join';

type SetupTaskId = 'credentials' | 'terms' | 'package' | 'billing';
export type SetupTask = { id: SetupTaskId; isDone: boolean; href: string };

/**
 * What an invited co-parent still has to do, in the invited flow's order: the username and
 * password, the terms (agreed on the credentials screen), the package and its payment (unless
 * Parent A paid for it), and the billing address when Parent A paid (else the payment asks it).
 */
export function setupTasks(context: InvitedContext): SetupTask[] {
  const tasks: SetupTask[] = [
    {
      id: 'credentials',
      isDone: !context.requireCredentials,
      href: `${JOIN}${INVITE_PATHS.credentials}`,
    },
    { id: 'terms', isDone: context.agreedToTerms, href: `${JOIN}${INVITE_PATHS.credentials}` },
    {
      id: 'package',
      isDone: context.isSubscriptionCurrent,
      href: `${JOIN}${INVITE_PATHS.packages}`,
    },
  ];
  if (context.isSubscriptionCurrent) {
    tasks.push({
      id: 'billing',
      isDone: context.billingAddressComplete,
      href: `${JOIN}${INVITE_PATHS.billingInfo}`,
    });
  }
  return tasks;
}

/** The new-link page of the invited flow. */
export const INVITE_REQUEST_HREF = `${JOIN}${INVITE_PATHS.request}`;
