import { z } from 'zod';
import { SUBSCRIPTION_TERMS } from '../constants/enums.js';
import { errorKey } from '../validation/fields.js';

// Apart from build-your-own.ts (its options and amounts), so /alacarte and /step3 do not load zod
// with them.

export const SubscriptionTermSchema = z.enum(
  SUBSCRIPTION_TERMS,
  errorKey('pricing_subscription_error'),
);

const optionFlag = z.boolean(errorKey('invalidValue')).default(false);

/** The /alacarte form: a term (required) and four option switches (default off). */
export const BuildYourOwnValuesSchema = z.object(
  {
    subscription: SubscriptionTermSchema,
    myfiles: optionFlag,
    tonemeter: optionFlag,
    unlimitedPayments: optionFlag,
    calls: optionFlag,
  },
  errorKey('invalidValue'),
);
export type BuildYourOwnValues = z.infer<typeof BuildYourOwnValuesSchema>;
