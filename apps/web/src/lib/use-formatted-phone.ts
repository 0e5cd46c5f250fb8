import { useEffect, useState } from 'react';

/**
 * A phone number with its dial code as libphonenumber writes it ('+1 555 123 4567'), through the
 * domain's `formatPhoneNumber`. The phone metadata is loaded when a screen first shows a number,
 * not with the screen (the payment pages' JavaScript budget): until then it reads as typed, after
 * its dial code.
 */
export function useFormattedPhone(number: string | undefined, dialCode: string | undefined) {
  const typed = number && dialCode ? `${dialCode} ${number}` : undefined;
  const [formatted, setFormatted] = useState<{ typed: string; text: string }>();

  useEffect(() => {
    if (!number || !dialCode || !typed) return;
    let isCurrent = true;
    void import('@coparent/domain/phone-display').then(({ formatPhoneNumber }) => {
      if (isCurrent) {
        setFormatted({ typed, text: formatPhoneNumber(number, { dialCode, international: true }) });
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [number, dialCode, typed]);

  return formatted && formatted.typed === typed ? formatted.text : typed;
}
