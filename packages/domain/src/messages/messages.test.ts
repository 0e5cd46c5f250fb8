import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.js';
import { esMX } from './es-mx.js';
import {
  interpolate,
  isMessageKey,
  MESSAGE_KEYS,
  translateMessage,
  validationMessages,
} from './translate.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('validation catalogues', () => {
  it('en and es-MX have identical key sets', () => {
    expect(Object.keys(esMX).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(validationMessages)).toEqual(['en', 'es-MX']);
  });

  it('every text is non-empty, and both languages use the same placeholders', () => {
    for (const key of MESSAGE_KEYS) {
      expect(en[key].trim(), key).not.toBe('');
      expect(esMX[key].trim(), key).not.toBe('');
      expect(placeholders(esMX[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('quotes the spec wording in English', () => {
    expect(en.signup_nameEmoji_error).toBe('Names cannot contain emojis');
    expect(en.signup_email_error).toBe('Invalid email address');
    // The spec's "Must be between 8 and 15 digits", naming its field as every summary line must.
    expect(en.signup_phoneNumber_error).toBe('The phone number must be between 8 and 15 digits');
    expect(en.signup_coParentEmailSame_error).toBe(
      'The email of the co-parent cannot be the same as your email.',
    );
    expect(en.signup_coParentPhoneSame_error).toBe(
      "Your co-parent's phone number cannot be the same as yours.",
    );
    expect(en.signup_childEmailDuplicate_error).toBe(
      'This email is already used for another child',
    );
    expect(en.signup_duplicateCoParent_warning).toBe(
      "Your co-parent's account may be a duplicate. You can continue your registration, but you will need to contact support at {{phone}}.",
    );
    expect(en.signup_duplicateParent_error).toMatch(
      /^It appears you are attempting to create a duplicate user\. .*\{\{phone\}\}/,
    );
    expect(en.signup_postalCode_error).toBe('Postal code is not valid');
    expect(en.payment_activationCode_error).toBe('Invalid activation code');
    expect(en.validUsernameRequirement_error).toBe(
      'Your username does not meet requirements. Only letters, numbers, underscores, commas, hyphens, periods, at signs, and apostrophes allowed.',
    );
    expect(en.validUsernameUnavailable_error).toBe('This username cannot be used');
  });

  it('a field message names its field, in both languages (an error summary shows it alone)', () => {
    const fieldNames: [MessageKey, string, string][] = [
      ['signup_phoneNumber_error', 'phone number', 'número de teléfono'],
      ['signup_phoneExtension_error', 'extension', 'extensión'],
      ['signup_phoneExtensionDigits_error', 'extension', 'extensión'],
      ['signup_credentialsLength_error', 'Credentials', 'credenciales'],
      ['signup_hearAboutUs_error', 'heard about us', 'supiste de nosotros'],
      ['signup_referralNameLength_error', 'name', 'nombre'],
      ['signup_referralPosition_error', 'position', 'cargo'],
      ['signup_referralColleagueRole_error', "colleague's role", 'función de tu colega'],
      ['signup_referralOther_error', 'heard about us', 'supiste de nosotros'],
      ['signup_referralOtherLength_error', 'heard about us', 'supiste de nosotros'],
      ['signup_practiceNameLength_error', 'practice name', 'despacho o consultorio'],
      ['signup_billingAddress_error', 'address', 'dirección'],
      ['signup_addressLine2_error', 'address line', 'línea de la dirección'],
      ['signup_city_error', 'city', 'ciudad'],
      ['signup_regionLength_error', 'state, province or region', 'estado, provincia o región'],
      ['signup_securityQuestion_error', 'security question', 'pregunta de seguridad'],
      ['signup_securityQuestionCharacters_error', 'security question', 'pregunta de seguridad'],
      ['signup_securityAnswer_error', 'answer', 'respuesta'],
      ['signup_securityAnswerCharacters_error', 'answer', 'respuesta'],
      ['signup_securityCodeDigits_error', 'security code', 'código de seguridad'],
      ['only4', 'security code', 'código de seguridad'],
      ['recovery_method_error', 'find your account', 'encontrar tu cuenta'],
      ['validUsernameLength_error', 'username', 'nombre de usuario'],
      ['validUsernameAtSymbol_error', 'username', 'nombre de usuario'],
      ['validUsernameRequirement_error', 'username', 'nombre de usuario'],
      ['validPwdLength_error', 'password', 'contraseña'],
      ['validPwdLetter_error', 'password', 'contraseña'],
      ['validPwdNumber_error', 'password', 'contraseña'],
      ['validPwdSpecial_error', 'password', 'contraseña'],
      ['validPwdDupUsername_error', 'password', 'contraseña'],
      ['validPwdDupEmail_error', 'password', 'contraseña'],
      ['validPwdContainsUsername_error', 'password', 'contraseña'],
      ['validPwdContainsEmail_error', 'password', 'contraseña'],
      ['validPwdContainsProduct_error', 'password', 'contraseña'],
    ];
    for (const [key, english, spanish] of fieldNames) {
      expect(en[key].toLowerCase(), key).toContain(english.toLowerCase());
      expect(esMX[key].toLowerCase(), key).toContain(spanish.toLowerCase());
    }
    // The field-less wordings are gone.
    for (const text of Object.values(en)) expect(text).not.toMatch(/^(Must|Cannot|Only) /);
    for (const text of Object.values(esMX)) expect(text).not.toMatch(/^(Debe|No puede|Solo) /);
  });

  it('every message key written in a schema or rule exists in the catalogues', () => {
    const patterns = [
      /errorKey\('([^']+)'\)/g,
      /message: '([^']+)'/g,
      /error: '([^']+)' satisfies MessageKey/g,
      /missing\([^,]+,\s*'([^']+)'\)/g,
      /return '([^']+_error)'/g,
      /key: '([^']+)'/g,
      /problems\.push\('([^']+)'\)/g,
      /makeNameSchema\('([^']+)'\)/g,
      /makeSecurityTextSchema\('([^']+)'\)/g,
    ];
    const used = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      if (file.includes(`${join('messages', '')}`)) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) used.add(match[1] ?? '');
      }
    }
    expect(used.size).toBeGreaterThan(30);
    for (const key of used) expect(isMessageKey(key), key).toBe(true);
  });
});

describe('translateMessage', () => {
  it('translates and interpolates i18next-style params', () => {
    expect(
      translateMessage('signup_duplicateCoParent_warning', 'en', { phone: '1-866-755-9991' }),
    ).toContain('contact support at 1-866-755-9991.');
    expect(translateMessage('only4', 'es-MX')).toBe(
      'El código de seguridad debe tener exactamente 4 dígitos',
    );
  });

  it('falls back to the key for unknown keys and leaves unknown placeholders', () => {
    expect(translateMessage('no_such_key', 'en')).toBe('no_such_key');
    expect(interpolate('a {{b}} {{c}}', { b: 1 })).toBe('a 1 {{c}}');
  });
});
