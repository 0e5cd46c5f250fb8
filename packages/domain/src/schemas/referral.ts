import { z } from 'zod';
import { PARENT_REFERRALS, referralNeedsDetail } from '../constants/enums.js';
import { REFERRAL_OTHER_MAX_LENGTH } from '../constants/limits.js';
import { errorKey, fieldIssue } from '../validation/fields.js';

/**
 * "How did you first hear about the product?" (parents): required; the follow-up text is required
 * for OTHER, COURT_ORDERED and REFERRED_FL, at most 200 characters, trimmed. A null follow-up
 * means "not given", as the server answers it, so a client can send back what it read.
 */
export const ParentReferralSchema = z
  .object(
    {
      selection: z.enum(PARENT_REFERRALS, errorKey('signup_hearAboutUs_error')),
      other: z
        .string(errorKey('signup_referralOtherLength_error'))
        .trim()
        .max(REFERRAL_OTHER_MAX_LENGTH, errorKey('signup_referralOtherLength_error'))
        .nullish()
        .transform((other) => other ?? undefined),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, ctx) => {
    if (referralNeedsDetail(value.selection) && (value.other ?? '') === '') {
      fieldIssue(ctx, ['other'], 'signup_referralOther_error');
    }
  });
export type ParentReferralAnswer = z.infer<typeof ParentReferralSchema>;
