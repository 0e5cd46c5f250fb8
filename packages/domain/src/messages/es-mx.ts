import { MAX_CHILDREN } from '../constants/limits.js';
import type { MessageKey } from './en.js';

/** Spanish (Mexico) validation catalogue: the same keys as `en`. */
export const esMX: Record<MessageKey, string> = {
  signup_firstName_error: 'Ingresa un nombre',
  signup_lastName_error: 'Ingresa un apellido',
  signup_nameLength_error: 'Los nombres deben tener 20 caracteres o menos',
  signup_nameEmoji_error: 'Los nombres no pueden contener emojis',
  signup_nameInvisible_error:
    'Los nombres no pueden contener caracteres invisibles ni acentos encimados',
  signup_emailRequired_error: 'Ingresa un correo electrónico',
  signup_email_error: 'Correo electrónico no válido',
  signup_speedBumpEmail_error: 'Ingresa un correo electrónico válido',
  signup_phoneNumber_error: 'El número de teléfono debe tener entre 8 y 15 dígitos',
  signup_countryCode_error: 'Selecciona un código de país',
  signup_knowsCoParentEmail_error: 'Indícanos si conoces el correo electrónico de tu coparente',
  signup_coParentEmailRequired_error: 'Ingresa el correo electrónico de tu coparente',
  signup_coParentEmailSame_error:
    'El correo electrónico de tu coparente no puede ser el mismo que el tuyo.',
  signup_coParentPhoneRequired_error:
    'Ingresa el número de teléfono de tu coparente, ya que no conoces su correo electrónico',
  signup_coParentPhoneSame_error:
    'El número de teléfono de tu coparente no puede ser el mismo que el tuyo.',
  signup_coParentPhoneLandline_error:
    'Parece un número de teléfono fijo. Ingresa un número de celular que pueda recibir mensajes de texto.',
  signup_coParentPhoneNotPossible_error:
    'Este no es un número de teléfono del país seleccionado. Revisa el número y el código de país.',
  signup_coParentAlsoTextPhone_error:
    'Ingresa el número de teléfono de tu coparente para enviarle también la invitación por mensaje de texto.',
  signup_children_error: 'Agrega al menos un hijo o hija',
  signup_childrenMax_error: `Puedes agregar hasta ${MAX_CHILDREN} hijos e hijas`,
  signup_childEmailDuplicate_error: 'Este correo electrónico ya se usa para otro hijo o hija',
  signup_childEmailParent_error:
    'El correo electrónico de un hijo o hija no puede ser el mismo que el de uno de los padres',
  // A professional's case (two parents, at least one email)
  cases_parentEmailRequired_error: 'Ingresa un correo electrónico de al menos uno de los padres',
  cases_parentEmailSame_error: 'Los dos padres no pueden tener el mismo correo electrónico',
  signup_duplicateParent_error:
    'Parece que estás intentando crear un usuario duplicado. Llama a atención a clientes al {{phone}} o usa la herramienta para recuperar tu contraseña.',
  signup_duplicateCoParent_warning:
    'Es posible que la cuenta de tu coparente esté duplicada. Puedes continuar con tu registro, pero tendrás que llamar a atención a clientes al {{phone}}.',
  signup_emailTaken_error: 'Ese correo electrónico ya está vinculado a una cuenta.',
  signup_expired_error: 'Tu registro expiró. Vuelve a empezar.',
  signup_phoneExtension_error: 'La extensión debe tener 10 dígitos o menos',
  signup_phoneExtensionDigits_error: 'La extensión solo puede tener números',
  signup_referralBenchOfficerName_error: 'Ingresa el nombre del funcionario judicial',
  signup_referralColleagueName_error: 'Ingresa el nombre de tu colega',
  signup_referralNameLength_error: 'El nombre debe tener 50 caracteres o menos',
  signup_referralPosition_error: 'Selecciona el cargo del funcionario judicial',
  signup_referralColleagueRole_error: 'Selecciona la función de tu colega',
  signup_referralOther_error: 'Cuéntanos más sobre cómo supiste de nosotros',
  signup_referralOtherLength_error: 'Cuéntanos cómo supiste de nosotros en 200 caracteres o menos',
  signup_hearAboutUs_error: 'Selecciona cómo supiste de nosotros',
  signup_credentialsLength_error: 'Las credenciales deben tener 50 caracteres o menos',
  signup_practiceName_error: 'Ingresa el nombre de tu despacho o consultorio',
  signup_practiceNameLength_error:
    'El nombre de tu despacho o consultorio debe tener 100 caracteres o menos',
  signup_rolesCountry_error: 'Selecciona funciones de la lista de tu país',
  signup_roles_error: 'Selecciona al menos una función',
  signup_billingAddress_error: 'La dirección debe tener entre 3 y 50 caracteres',
  signup_addressLine2_error: 'La segunda línea de la dirección debe tener 50 caracteres o menos',
  signup_city_error: 'La ciudad debe tener entre 3 y 30 caracteres',
  signup_postalCode_error: 'El código postal no es válido',
  signup_country_error: 'Selecciona un país',
  signup_region_error: 'Selecciona un estado o provincia',
  signup_regionLength_error: 'El estado, provincia o región debe tener 50 caracteres o menos',
  signup_timezone_error: 'Selecciona una zona horaria',
  places_country_error:
    'Las sugerencias de dirección solo están disponibles en EE. UU., Reino Unido, Australia, Canadá y Nueva Zelanda',
  signup_securityQuestion_error: 'La pregunta de seguridad debe tener entre 5 y 100 caracteres',
  signup_securityAnswer_error: 'La respuesta debe tener entre 5 y 100 caracteres',
  signup_securityQuestionCharacters_error:
    "La pregunta de seguridad solo puede tener letras, números, espacios y ¿ ? ¡ - , . ; ' # / :",
  signup_securityAnswerCharacters_error:
    "La respuesta solo puede tener letras, números, espacios y ¿ ? ¡ - , . ; ' # / :",
  signup_securityAnswerSame_error: 'Tu respuesta no puede ser igual a tu pregunta',
  signup_securityCodeDigits_error: 'El código de seguridad solo puede tener números',
  only4: 'El código de seguridad debe tener exactamente 4 dígitos',
  codeConfirm: 'Los códigos de seguridad no coinciden',
  places_inputLength_error: 'La búsqueda de dirección debe tener 100 caracteres o menos',
  required: 'Este campo es obligatorio',
  invalidValue: 'Ingresa un valor válido',
  validUsernameNone_error: 'Escribe un nombre de usuario',
  validPwdNone_error: 'Escribe una contraseña',
  validUsernameLength_error: 'Tu nombre de usuario debe tener entre 6 y 30 caracteres',
  validUsernameAtSymbol_error: 'Tu nombre de usuario no puede empezar con una arroba (@)',
  validUsernameRequirement_error:
    'Tu nombre de usuario no cumple con los requisitos. Solo se permiten letras, números, guiones bajos, comas, guiones, puntos, arrobas y apóstrofos.',
  validUsernameUnavailable_error: 'Este nombre de usuario no se puede usar',
  validPwdLength_error: 'Tu contraseña debe tener entre 12 y 25 caracteres',
  validPwdLetter_error: 'Tu contraseña debe contener al menos 1 letra',
  validPwdNumber_error: 'Tu contraseña debe contener al menos 1 número',
  validPwdSpecial_error: 'Tu contraseña debe contener al menos 1 carácter especial',
  validPwdDupUsername_error: 'Tu contraseña no puede ser igual a tu nombre de usuario',
  validPwdDupEmail_error: 'Tu contraseña no puede ser igual a tu correo electrónico',
  validPwdCommon_error: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.',
  validPwdContainsUsername_error: 'Tu contraseña no puede contener tu nombre de usuario',
  validPwdContainsEmail_error: 'Tu contraseña no puede contener tu correo electrónico',
  validPwdContainsProduct_error: 'Tu contraseña no puede contener el nombre de nuestra aplicación',
  credentials_tokenInvalid_error:
    'Este enlace venció o ya se usó. Inicia sesión para terminar de configurar tu cuenta.',
  credentials_error: 'Algo salió mal con tu solicitud. Inténtalo más tarde.',
  login_error: 'El nombre de usuario o la contraseña son incorrectos.',
  login_usernameRequired_error: 'Escribe tu nombre de usuario',
  login_passwordRequired_error: 'Escribe tu contraseña',
  accountEmail_currentPasswordRequired_error: 'Escribe tu contraseña actual',
  accountEmail_currentPasswordWrong_error: 'Esa contraseña no es correcta.',
  accountEmail_same_error: 'Ese ya es tu correo electrónico.',
  accountEmail_tooManyRequests_error:
    'Pediste cambiar tu correo electrónico demasiadas veces. Vuelve a intentarlo en una hora.',
  accountEmail_takenAtConfirm_error:
    'Otra cuenta empezó a usar ese correo electrónico después de que pediste el cambio, así que no puede ser tuyo. Tu correo electrónico sigue siendo el mismo.',
  coParentText_resendTooSoon_error:
    'Puedes reenviar la invitación una vez al día. Vuelve a intentarlo a partir del {{when}}.',
  coParentText_alreadyJoined_error:
    'Tu coparente ya se unió, así que no hay ninguna invitación que enviar.',
  coParentText_optedOut_error:
    'Este número pidió no recibir nuestros mensajes. Revisa el número o pídele a tu coparente que responda START a nuestro último mensaje.',
  coParentText_noInvitation_error: 'No hay ninguna invitación por mensaje de texto que reenviar.',
  coParentEmail_resendTooSoon_error:
    'Se acaba de enviar un nuevo enlace de invitación. Vuelve a intentarlo en unos minutos.',
  coParentEmail_noInvitation_error: 'No hay ninguna invitación por correo que reenviar.',
  subscription_ended_error:
    'Esta suscripción terminó el {{date}}, así que ya no se puede renovar. Para volver a usar el servicio, contrata una nueva suscripción.',
  subscription_notPayer_error:
    '{{name}} paga esta suscripción, así que solo {{name}} puede cambiar su renovación o cancelarla.',
  subscription_renewalInProgress_error:
    'Estamos intentando el pago de la renovación en este momento. Inténtalo de nuevo en unos minutos.',
  subscriptionPlan_package_error: 'Elige uno de los planes disponibles.',
  subscription_professional_error:
    'Tu profesional ({{name}}) cubre esta suscripción, así que le corresponde a esa persona renovarla o terminarla. Pregúntale.',
  paymentMethod_notPayer_error:
    '{{name}} paga tu suscripción, así que solo {{name}} puede cambiar la tarjeta a la que se cobra.',
  paymentMethod_professional_error:
    'Tu profesional ({{name}}) cubre tu suscripción, así que no tienes una tarjeta que actualizar.',
  paymentMethod_noSubscription_error:
    'No tienes una suscripción que se renueve, así que no hay una tarjeta registrada que actualizar.',
  recovery_method_error: 'Elige cómo quieres encontrar tu cuenta',
  recovery_identityRequired_error:
    'Ingresa tu correo electrónico, tu nombre de usuario o tu número de teléfono',
  recovery_code_error: 'Ingresa el código de 6 dígitos del correo',
  recovery_codeWrong_error: 'Ese código no es correcto. Revisa el correo e inténtalo de nuevo.',
  recovery_confirmPassword_error: 'Las contraseñas no coinciden',
  payment_activationCode_error: 'Código de activación no válido',
  payment_promoCode_error: 'Código de promoción no válido',
  payment_cardNumber_error: 'Ingresa un número de tarjeta válido',
  payment_expirationDate_error: 'Ingresa una fecha de vencimiento válida',
  payment_securityCode_error: 'Ingresa un código de seguridad válido',
  payment_declined_error: 'Tu forma de pago fue rechazada. Intenta con otra.',
  payment_cardNeedsScript_error:
    'Para pagar con tarjeta en esta página se necesita JavaScript. Actívalo en tu navegador o usa otro navegador y vuelve a intentarlo.',
  payment_postalCodeState_error: 'El código postal no es válido para el estado',
  code_unknown_error: 'No reconocemos este código. Revísalo y vuelve a intentarlo.',
  code_used_error: 'Este código ya se usó.',
  code_expired_error: 'Este código ya venció.',
  code_otherCountry_error:
    'Este código es para otro país u otra moneda, así que no se puede usar aquí.',
  code_otherPackages_error: 'Este código es solo para {{packages}}, que no se ofrece aquí.',
  code_otherPackageChosen_error: 'Este código es solo para {{packages}}, no para {{chosen}}.',
  code_repeated_error: 'Este código ya está aplicado.',
  payment_postalCodeProvince_error: 'El código postal no es válido para la provincia',
  payment_apoFpoBankTransfer_error:
    'Las direcciones APO/FPO no se aceptan para transferencias bancarias',
  payment_pricing_error: 'No pudimos calcular tu precio. Inténtalo de nuevo.',
  payment_paypalSetup_error:
    'Hubo un error al configurar PayPal. Actualiza la página o inténtalo más tarde.',
  payment_methodUnavailable_error: 'Esta forma de pago no está disponible. Elige otra.',
  payment_nonce_error: 'Elige una forma de pago',
  payment_terms_error: 'Debes aceptar los Términos de uso',
  payment_cvvDeclined_error:
    'No se pudo verificar el código de seguridad de esta tarjeta. Revísalo e inténtalo de nuevo, o usa otra tarjeta.',
  payment_postalDeclined_error:
    'El código postal no coincide con esta tarjeta. Revisa tu dirección de facturación o usa otra tarjeta.',
  payment_methodInvalid_error: 'Esta forma de pago ya no se puede usar. Ingrésala de nuevo.',
  payment_unavailable_error:
    'No pudimos comunicarnos con nuestro proveedor de pagos y no se te hizo ningún cargo. Inténtalo de nuevo en unos minutos.',
  payment_inProgress_error:
    'Tu pago ya se está procesando. Espera un momento antes de intentarlo de nuevo.',
  payment_priceChanged_error: 'Tu total cambió a {{total}}. Revísalo antes de pagar.',
  payment_alreadyPaid_error: 'Este pedido ya se pagó.',
  billing_readOnly_error: 'Este dato no se puede cambiar aquí',
  pricing_package_error: 'Elige un paquete',
  pricing_subscription_error: 'Elige la duración de la suscripción',
  pricing_services_error: 'Elige entre las opciones que se muestran',
  pricing_countryMismatch_error:
    'El paquete que elegiste no está disponible en tu país. Vuelve a elegir tu paquete.',
  pricing_vat_label: 'IVA',
  pricing_tax_label: 'Impuestos',
  pricing_vatIncluded: 'Incluye {{amount}} de IVA',
  pricing_taxIncluded: 'Incluye {{amount}} de impuestos',
  pricing_plusTax: 'Más los impuestos aplicables',
  pricing_terms_1year:
    'Se te cobrará {{total}} hoy. Tu suscripción se renueva automáticamente cada año hasta que la canceles, más los impuestos aplicables.',
  pricing_terms_2year:
    'Se te cobrará {{total}} hoy. Tu suscripción se renueva automáticamente cada dos años hasta que la canceles, más los impuestos aplicables.',
  pricing_option_myfiles: 'Mis archivos (1 GB de almacenamiento)',
  pricing_option_tonemeter: 'ToneMeter',
  pricing_option_unlimitedPayments: 'Pagos ilimitados',
  pricing_option_calls: 'Llamadas',
  pricing_option_free: 'Gratis',
  tax_VAT: 'IVA',
  tax_GST: 'GST',
  tax_HST: 'HST',
  tax_PST: 'PST',
  tax_QST: 'QST',
  tax_IVA: 'IVA',
  tax_SALES_TAX: 'Impuesto sobre las ventas',
  coupon_referrer_description: 'Descuento por recomendación: {{percent}}% de descuento',
  coupon_referrer_banner: '{{percent}}% de descuento, gracias a {{name}}',
  coupon_percent_banner: '{{percent}}% de descuento con el código {{code}}',
  coupon_amount_banner: '{{amount}} de descuento con el código {{code}}',
  genericErrorMessage: 'Algo salió mal. Inténtalo de nuevo.',
  form_saveUnavailable_error:
    'No pudimos guardar tus respuestas en este momento. No se perdió nada de lo que escribiste: selecciona Continuar de nuevo en un momento.',
  form_tooManyAttempts_error:
    'Hubo demasiados intentos desde esta conexión. Espera un minuto y vuelve a seleccionar Continuar.',
  unexpectedError: 'Ocurrió un error inesperado. Inténtalo de nuevo.',
};
