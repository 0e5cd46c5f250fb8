import { DEFAULT_PHONE_CODE, type PhoneCodeId } from '@coparent/domain';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NameFields } from '@/components/name-fields';
import { EmailField } from './email-field';
import { PhoneField } from './phone-field';

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'countryCode', 'phoneNumber'] as const;
type ParentContactField = (typeof CONTACT_FIELDS)[number];

/** Server field name → contact field ('parent.phoneCountryCode' → 'countryCode'). */
export function parentContactFieldFor(field: string): ParentContactField | undefined {
  const name = field.replace(/^parent\./, '').replace(/^phoneCountryCode$/, 'countryCode');
  return (CONTACT_FIELDS as readonly string[]).includes(name)
    ? (name as ParentContactField)
    : undefined;
}

/** What a parent's contact fields start with: the draft's values, the default calling code else. */
export function parentContactDefaults(
  draft: Partial<Record<ParentContactField, string>> | undefined,
) {
  return {
    firstName: draft?.firstName ?? '',
    lastName: draft?.lastName ?? '',
    email: draft?.email ?? '',
    // A blank code (the server knew no phone) is no code either.
    countryCode: (draft?.countryCode || DEFAULT_PHONE_CODE) as PhoneCodeId,
    phoneNumber: draft?.phoneNumber ?? '',
  };
}

type ParentContactFieldsProps = {
  register: (name: ParentContactField) => UseFormRegisterReturn;
  /** The value a field starts with, written in the HTML (a server render shows it). */
  defaultFor: (name: ParentContactField) => string | undefined;
  errorFor: (name: ParentContactField) => FieldError | undefined;
  errorText: (error: FieldError | undefined) => string | undefined;
};

/**
 * A parent's name, email and phone (on /step1 and /invite/step1): the same
 * fields, labels and autocomplete for Parent A and the invited co-parent.
 */
export function ParentContactFields({
  register,
  defaultFor,
  errorFor,
  errorText,
}: ParentContactFieldsProps) {
  const { t } = useTranslation();
  const errorOf = (name: ParentContactField) => errorText(errorFor(name));
  return (
    <>
      <NameFields labels="stepOne" errorText={errorText} isOwn />
      <EmailField
        id="email"
        label={t('stepOne.email')}
        error={errorOf('email')}
        defaultValue={defaultFor('email')}
        {...register('email')}
      />
      <PhoneField
        codeId="countryCode"
        numberId="phoneNumber"
        legend={t('stepOne.phoneLegend')}
        hint={t('stepOne.phoneHint')}
        codeError={errorOf('countryCode')}
        numberError={errorOf('phoneNumber')}
        codeProps={{ defaultValue: defaultFor('countryCode'), ...register('countryCode') }}
        numberProps={{ defaultValue: defaultFor('phoneNumber'), ...register('phoneNumber') }}
      />
    </>
  );
}
