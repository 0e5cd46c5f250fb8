import {
  listParentReferrals,
  PARENT_REFERRAL_DETAIL_LABELS,
  REFERRAL_OTHER_MAX_LENGTH,
  referralNeedsDetail,
} from '@coparent/domain';
import { useMemo } from 'react';
import { Controller, type FieldError, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import { CharacterCountField } from './character-count-field';
import { SelectField } from './select-field';

/** The part of a form these fields fill (field ids `referral-selection`, `referral-other`). */
type ReferralShape = { referral: { selection: string; other?: string } };

type ReferralFieldsProps = {
  /** Where the labels live: the checkout's billing view or the invited co-parent's credentials. */
  labels: 'checkout.billing' | 'inviteCredentials';
  errorText: (error: Pick<FieldError, 'type' | 'message'> | undefined) => string | undefined;
};

/**
 * "How did you hear about us?" and, for the answers that ask for more (other, court ordered,
 * referred by a family-law professional), its detail with a character count. Used inside the
 * form's react-hook-form FormProvider by Parent A's billing view and the invited co-parent's
 * credentials.
 */
export function ReferralFields({ labels, errorText }: ReferralFieldsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { register, control, formState, watch } = useFormContext<ReferralShape>();
  const errors = formState.errors.referral;
  const selection = watch('referral.selection');
  const referrals = useMemo(() => listParentReferrals(locale), [locale]);
  const detailLabel = referralNeedsDetail(selection)
    ? PARENT_REFERRAL_DETAIL_LABELS[locale][selection as 'OTHER' | 'COURT_ORDERED' | 'REFERRED_FL']
    : undefined;
  return (
    <>
      <SelectField
        id="referral-selection"
        label={t(`${labels}.referral`)}
        options={referrals.map((r) => ({ value: r.id, label: r.name }))}
        placeholder={t(`${labels}.select`)}
        error={errorText(errors?.selection)}
        defaultValue={get(formState.defaultValues, 'referral.selection') as string | undefined}
        {...register('referral.selection')}
      />
      {detailLabel ? (
        <Controller
          control={control}
          name="referral.other"
          render={({ field }) => (
            <CharacterCountField
              id="referral-other"
              label={detailLabel}
              maxLength={REFERRAL_OTHER_MAX_LENGTH}
              formatCount={(remaining) =>
                remaining >= 0
                  ? t(`${labels}.charactersRemaining`, { count: remaining })
                  : t(`${labels}.charactersOver`, { count: -remaining })
              }
              error={errorText(errors?.other)}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      ) : null}
    </>
  );
}
