import { MAX_CHILDREN } from '../constants/limits.js';

/**
 * English validation catalogue. Keys are the `MessageKey`s every domain schema reports; texts
 * quote the spec verbatim where it gives them. Interpolation uses i18next's `{{name}}` form.
 */
export const en = {
  // Names (parent, co-parent, children, professional)
  signup_firstName_error: 'Enter a first name',
  signup_lastName_error: 'Enter a last name',
  signup_nameLength_error: 'Names must be 20 characters or fewer',
  signup_nameEmoji_error: 'Names cannot contain emojis',
  signup_nameInvisible_error: 'Names cannot contain invisible characters or stacked accents',
  // Email and phone
  signup_emailRequired_error: 'Enter an email address',
  signup_email_error: 'Invalid email address',
  signup_speedBumpEmail_error: 'Please enter a valid email',
  signup_phoneNumber_error: 'The phone number must be between 8 and 15 digits',
  signup_countryCode_error: 'Select a country code',
  signup_knowsCoParentEmail_error: "Tell us whether you know your co-parent's email address",
  // Family step
  signup_coParentEmailRequired_error: "Enter your co-parent's email address",
  signup_coParentEmailSame_error: 'The email of the co-parent cannot be the same as your email.',
  signup_coParentPhoneRequired_error:
    "Enter your co-parent's phone number, since you don't know their email address",
  signup_coParentPhoneSame_error: "Your co-parent's phone number cannot be the same as yours.",
  signup_coParentPhoneLandline_error:
    'This looks like a landline number. Enter a mobile number that can receive text messages.',
  signup_coParentPhoneNotPossible_error:
    'This is not a phone number of the selected country. Check the number and the country code.',
  signup_coParentAlsoTextPhone_error:
    "Enter your co-parent's phone number to send the invitation by text message too.",
  signup_children_error: 'Add at least one child',
  signup_childrenMax_error: `You can add up to ${MAX_CHILDREN} children`,
  signup_childEmailDuplicate_error: 'This email is already used for another child',
  signup_childEmailParent_error: "A child's email cannot be the same as a parent's email",
  // A professional's case (two parents, at least one email)
  cases_parentEmailRequired_error: 'Enter an email address for at least one parent',
  cases_parentEmailSame_error: 'The two parents cannot have the same email address',
  // Duplicates and expiry
  signup_duplicateParent_error:
    'It appears you are attempting to create a duplicate user. Please contact support at {{phone}} or use the password retrieval tool.',
  signup_duplicateCoParent_warning:
    "Your co-parent's account may be a duplicate. You can continue your registration, but you will need to contact support at {{phone}}.",
  signup_emailTaken_error: 'That email address is already tied to an account.',
  signup_expired_error: 'Your signup has expired. Please start again.',
  // Professional registration
  signup_phoneExtension_error: 'The extension must be 10 digits or fewer',
  signup_phoneExtensionDigits_error: 'The extension can only contain numbers',
  signup_referralBenchOfficerName_error: "Enter the bench officer's name",
  signup_referralColleagueName_error: "Enter your colleague's name",
  signup_referralNameLength_error: 'The name must be 50 characters or fewer',
  signup_referralPosition_error: "Select the bench officer's position",
  signup_referralColleagueRole_error: "Select your colleague's role",
  signup_referralOther_error: 'Tell us more about how you heard about us',
  signup_referralOtherLength_error: 'Tell us how you heard about us in 200 characters or fewer',
  signup_hearAboutUs_error: 'Select how you heard about us',
  signup_credentialsLength_error: 'Credentials must be 50 characters or fewer',
  signup_practiceName_error: 'Enter your practice name',
  signup_practiceNameLength_error: 'The practice name must be 100 characters or fewer',
  signup_roles_error: 'Select at least one role',
  signup_rolesCountry_error: 'Select roles from the list for your country',
  // Address and billing
  signup_billingAddress_error: 'The address must be between 3 and 50 characters',
  signup_addressLine2_error: 'The second address line must be 50 characters or fewer',
  signup_city_error: 'The city must be between 3 and 30 characters',
  signup_postalCode_error: 'Postal code is not valid',
  signup_country_error: 'Select a country',
  signup_region_error: 'Select a state or province',
  signup_regionLength_error: 'The state, province or region must be 50 characters or fewer',
  signup_timezone_error: 'Select a time zone',
  places_country_error:
    'Address suggestions are offered in the US, the UK, Australia, Canada and New Zealand only',
  // Security question, answer and code
  signup_securityQuestion_error: 'The security question must be between 5 and 100 characters',
  signup_securityAnswer_error: 'The answer must be between 5 and 100 characters',
  signup_securityQuestionCharacters_error:
    "The security question can only contain letters, numbers, spaces and ? - , . ; ' # / :",
  signup_securityAnswerCharacters_error:
    "The answer can only contain letters, numbers, spaces and ? - , . ; ' # / :",
  signup_securityAnswerSame_error: 'Your answer cannot be the same as your question',
  signup_securityCodeDigits_error: 'The security code can only contain numbers',
  only4: 'The security code must be exactly 4 digits',
  codeConfirm: 'Security codes do not match',
  // Lengths and selects
  places_inputLength_error: 'The address search must be 100 characters or fewer',
  required: 'This field is required',
  invalidValue: 'Enter a valid value',
  // Username
  validUsernameNone_error: 'Enter a username',
  validPwdNone_error: 'Enter a password',
  validUsernameLength_error: 'Your username must be between 6 and 30 characters',
  validUsernameAtSymbol_error: 'Your username cannot start with an at sign (@)',
  validUsernameRequirement_error:
    'Your username does not meet requirements. Only letters, numbers, underscores, commas, hyphens, periods, at signs, and apostrophes allowed.',
  validUsernameUnavailable_error: 'This username cannot be used',
  // Password
  validPwdLength_error: 'Your password must be between 12 and 25 characters',
  validPwdLetter_error: 'Your password must contain at least 1 letter',
  validPwdNumber_error: 'Your password must contain at least 1 number',
  validPwdSpecial_error: 'Your password must contain at least 1 special character',
  validPwdDupUsername_error: 'Your password cannot be the same as your username',
  validPwdDupEmail_error: 'Your password cannot be the same as your email',
  validPwdCommon_error: 'This password is too common. Choose one that is harder to guess.',
  validPwdContainsUsername_error: 'Your password cannot contain your username',
  validPwdContainsEmail_error: 'Your password cannot contain your email address',
  validPwdContainsProduct_error: 'Your password cannot contain the name of our app',
  // Credentials token and login
  credentials_tokenInvalid_error:
    'This link has expired or was already used. Please log in to finish setting up your account.',
  credentials_error: 'Something went wrong with your request. Please try again later.',
  login_error: 'The username or password is incorrect.',
  login_usernameRequired_error: 'Enter your username',
  login_passwordRequired_error: 'Enter your password',
  // Email change (account area)
  accountEmail_currentPasswordRequired_error: 'Enter your current password',
  accountEmail_currentPasswordWrong_error: 'That password is not correct.',
  accountEmail_same_error: 'This is already your email address.',
  accountEmail_tooManyRequests_error:
    'You asked to change your email address too many times. Please try again in an hour.',
  accountEmail_takenAtConfirm_error:
    'Another account started using that email address after you asked for the change, so it cannot become yours. Your email address stays the same.',
  // The co-parent's invitation text, sent again from the account home
  coParentText_resendTooSoon_error:
    'You can send the invitation again once a day. Try again after {{when}}.',
  coParentText_alreadyJoined_error:
    'Your co-parent has already joined, so there is no invitation to send.',
  coParentText_optedOut_error:
    'This number asked not to receive our texts. Check the number, or ask your co-parent to reply START to our last text.',
  coParentText_noInvitation_error: 'There is no invitation by text to send again.',
  // The subscription's renewal and canceling (account area)
  coParentEmail_resendTooSoon_error:
    'A new invitation link was sent a moment ago. Try again in a few minutes.',
  coParentEmail_noInvitation_error: 'There is no invitation by email to send again.',
  subscription_ended_error:
    'This subscription ended on {{date}}, so it can no longer renew. To use the service again, start a new subscription.',
  subscription_notPayer_error:
    '{{name}} pays for this subscription, so only {{name}} can change its renewal or cancel it.',
  subscription_renewalInProgress_error:
    'We are trying the renewal payment right now. Try again in a few minutes.',
  subscriptionPlan_package_error: 'Choose one of the plans offered.',
  subscription_professional_error:
    'Your professional ({{name}}) covers this subscription, so it is theirs to renew or end. Ask them about it.',
  // The card or wallet on file (account billing page)
  paymentMethod_notPayer_error:
    '{{name}} pays for your subscription, so only {{name}} can change the card it is charged to.',
  paymentMethod_professional_error:
    'Your professional ({{name}}) covers your subscription, so there is no card of yours to update.',
  paymentMethod_noSubscription_error:
    'You have no subscription that renews, so there is no card on file to update.',
  // Password recovery
  recovery_method_error: 'Choose how to find your account',
  recovery_identityRequired_error: 'Enter your email address, your username or your phone number',
  recovery_code_error: 'Enter the 6-digit code from the email',
  recovery_codeWrong_error: 'That code is not correct. Check the email and try again.',
  recovery_confirmPassword_error: 'The passwords do not match',
  // Payment and codes
  payment_activationCode_error: 'Invalid activation code',
  payment_promoCode_error: 'Invalid promo code',
  payment_cardNumber_error: 'Enter a valid credit card number',
  payment_expirationDate_error: 'Enter a valid expiration date',
  payment_securityCode_error: 'Enter a valid security code',
  payment_declined_error: 'Your payment method was declined. Please try a different one.',
  payment_cardNeedsScript_error:
    'Paying by card on this page needs JavaScript. Turn it on in your browser, or use another browser, then try again.',
  payment_postalCodeState_error: 'The postal code is not valid for the state',
  code_unknown_error: "We don't recognize this code. Check it and try again.",
  code_used_error: 'This code has already been used.',
  code_expired_error: 'This code has expired.',
  code_otherCountry_error:
    "This code is for another country or currency, so it can't be used here.",
  code_otherPackages_error: "This code is only for {{packages}}, which isn't offered here.",
  code_otherPackageChosen_error: 'This code is only for {{packages}}, not for {{chosen}}.',
  code_repeated_error: 'This code is already applied.',
  payment_postalCodeProvince_error: 'The postal code is not valid for the province',
  payment_apoFpoBankTransfer_error: 'APO/FPO addresses are not supported for bank transfer',
  payment_pricing_error: 'We could not calculate your price. Please try again.',
  payment_paypalSetup_error:
    'There was an error setting up PayPal. Please refresh the page or try again later.',
  payment_methodUnavailable_error:
    'This payment method is not available. Please choose another one.',
  payment_nonce_error: 'Choose a payment method',
  payment_terms_error: 'You must accept the Terms of Use',
  payment_cvvDeclined_error:
    'The security code could not be verified for this card. Check it and try again, or use another card.',
  payment_postalDeclined_error:
    'The postal code does not match this card. Check your billing address, or use another card.',
  payment_methodInvalid_error: 'This payment method can no longer be used. Please enter it again.',
  payment_unavailable_error:
    "We couldn't reach our payment provider, and you have not been charged. Please try again in a few minutes.",
  payment_inProgress_error:
    'Your payment is already being processed. Please wait a moment before trying again.',
  payment_priceChanged_error:
    'Your total has changed to {{total}}. Please review it before paying.',
  payment_alreadyPaid_error: 'This order has already been paid.',
  billing_readOnly_error: 'This detail cannot be changed here',
  // Packages, pricing and coupons
  pricing_package_error: 'Choose a package',
  pricing_subscription_error: 'Choose a subscription length',
  pricing_services_error: 'Choose from the options shown',
  pricing_countryMismatch_error:
    'The package you chose is not available in your country. Please choose your package again.',
  pricing_vat_label: 'VAT',
  pricing_tax_label: 'Tax',
  pricing_vatIncluded: 'Includes {{amount}} VAT',
  pricing_taxIncluded: 'Includes {{amount}} tax',
  pricing_plusTax: 'Plus applicable taxes',
  pricing_terms_1year:
    'You will be billed {{total}} today. Your subscription renews automatically every year until you cancel, plus applicable taxes.',
  pricing_terms_2year:
    'You will be billed {{total}} today. Your subscription renews automatically every two years until you cancel, plus applicable taxes.',
  pricing_option_myfiles: 'My Files (1 GB file storage)',
  pricing_option_tonemeter: 'ToneMeter',
  pricing_option_unlimitedPayments: 'Unlimited payments',
  pricing_option_calls: 'Calls',
  pricing_option_free: 'Free',
  tax_VAT: 'VAT',
  tax_GST: 'GST',
  tax_HST: 'HST',
  tax_PST: 'PST',
  tax_QST: 'QST',
  tax_IVA: 'IVA',
  tax_SALES_TAX: 'Sales tax',
  coupon_referrer_description: 'Referral discount: {{percent}}% off',
  coupon_referrer_banner: '{{percent}}% off, thanks to {{name}}',
  coupon_percent_banner: '{{percent}}% off with code {{code}}',
  coupon_amount_banner: '{{amount}} off with code {{code}}',
  // Generic
  genericErrorMessage: 'Something went wrong. Please try again.',
  // A form posted without a script that the server could not take (the page shows it again)
  form_saveUnavailable_error:
    'We could not save your answers just now. Nothing you typed is lost: select Continue again in a moment.',
  form_tooManyAttempts_error:
    'There have been too many attempts from this connection. Wait a minute, then select Continue again.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;
