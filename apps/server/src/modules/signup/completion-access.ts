import type { Db, Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import {
  findChildren,
  findSignupById,
  findSignupByIdForUpdate,
  type SignupChild,
  updateSignup,
} from './repo.js';

/** What a completed payment reads of its signup and writes back, in the payment's transaction. */
export function createCompletionAccess(db: Db) {
  /** The signup a payment completes, locked for that transaction, with its children. */
  async function lockForCompletion(
    tx: Executor,
    signupId: string,
  ): Promise<{ signup: SignupRow; children: SignupChild[] } | undefined> {
    const signup = await findSignupByIdForUpdate(tx, signupId);
    if (!signup) return undefined;
    return { signup, children: await findChildren(tx, signup.id) };
  }

  /** The signup is paid: final at step 4, tied to the parent and family the payment created. */
  async function markPaid(
    tx: Executor,
    signupId: string,
    paid: { userId: string; familyId: string; at: Date },
  ): Promise<void> {
    await updateSignup(tx, signupId, {
      completedAt: paid.at,
      lastCompletedStep: 4,
      userId: paid.userId,
      familyId: paid.familyId,
      updatedAt: paid.at,
    });
  }

  /** The parent's email a signup holds, if any (to tell a duplicate parent from other failures). */
  async function parentEmailOf(signupId: string): Promise<string | undefined> {
    return (await findSignupById(db, signupId))?.parentEmail ?? undefined;
  }

  return { lockForCompletion, markPaid, parentEmailOf };
}
