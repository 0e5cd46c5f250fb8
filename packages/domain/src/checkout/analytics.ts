import { type CurrencyCode, minorToDecimalString } from '../pricing/money.js';

/**
 * The payment answer's `gaPayloadBase64`: a GA4 ecommerce `purchase` event, as JSON, UTF-8,
 * base64. The browser decodes it (`decodeGaPayload`) and pushes it to the data layer.
 */

export type GaItem = {
  item_id: string;
  item_name: string;
  item_category: string;
  item_variant: string;
  price: number;
  quantity: number;
  discount?: number;
};

export type GaPurchasePayload = {
  event: 'purchase';
  ecommerce: {
    transaction_id: string;
    affiliation: string;
    value: number;
    tax: number;
    currency: CurrencyCode;
    coupon?: string;
    items: GaItem[];
  };
};

/** GA wants decimal numbers: an exact decimal string, then a number (2 decimals at most). */
function decimal(minor: number, currency: CurrencyCode): number {
  return Number(minorToDecimalString(minor, currency));
}

export function gaPurchasePayload(input: {
  transactionId: string;
  affiliation: string;
  currency: CurrencyCode;
  /** What was charged, minor units. */
  total: number;
  taxAmount: number;
  coupon?: string | null;
  packageId: number;
  /** The package's analytics name (e.g. 'Premium'). */
  analyticsPackage: string;
  pricingGroup: string;
  productId: string;
  /** One subscription's price, minor units. */
  unitPrice: number;
  quantity: number;
  /** The discount over all subscriptions, minor units. */
  discount: number;
}): GaPurchasePayload {
  const { currency } = input;
  const item: GaItem = {
    item_id: String(input.packageId),
    item_name: input.analyticsPackage,
    item_category: input.pricingGroup,
    item_variant: input.productId,
    price: decimal(input.unitPrice, currency),
    quantity: input.quantity,
    ...(input.discount > 0 ? { discount: decimal(input.discount, currency) } : {}),
  };
  return {
    event: 'purchase',
    ecommerce: {
      transaction_id: input.transactionId,
      affiliation: input.affiliation,
      value: decimal(input.total, currency),
      tax: decimal(input.taxAmount, currency),
      currency,
      ...(input.coupon ? { coupon: input.coupon } : {}),
      items: [item],
    },
  };
}

// UTF-8 and base64 by hand: the domain runs in the browser and on the server and uses neither
// Buffer nor atob/TextEncoder typings.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else {
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 63),
        0x80 | ((cp >> 6) & 63),
        0x80 | (cp & 63),
      );
    }
  }
  return bytes;
}

function utf8Text(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    let cp: number;
    if (b < 0x80) {
      cp = b;
      i += 1;
    } else if (b < 0xe0) {
      cp = ((b & 31) << 6) | ((bytes[i + 1] ?? 0) & 63);
      i += 2;
    } else if (b < 0xf0) {
      cp = ((b & 15) << 12) | (((bytes[i + 1] ?? 0) & 63) << 6) | ((bytes[i + 2] ?? 0) & 63);
      i += 3;
    } else {
      cp =
        ((b & 7) << 18) |
        (((bytes[i + 1] ?? 0) & 63) << 12) |
        (((bytes[i + 2] ?? 0) & 63) << 6) |
        ((bytes[i + 3] ?? 0) & 63);
      i += 4;
    }
    out += String.fromCodePoint(cp);
  }
  return out;
}

/** Standard base64 (with padding) of the UTF-8 bytes of `text`. */
export function base64EncodeUtf8(text: string): string {
  const bytes = utf8Bytes(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63];
    out += ALPHABET[(n >> 12) & 63];
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63];
    out += c === undefined ? '=' : ALPHABET[n & 63];
  }
  return out;
}

/** The inverse of `base64EncodeUtf8` (throws on characters outside the alphabet). */
export function base64DecodeUtf8(base64: string): string {
  const clean = base64.replace(/\s+/g, '').replace(/=+$/, '');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) throw new RangeError('not base64');
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  return utf8Text(bytes);
}

export function encodeGaPayload(payload: GaPurchasePayload): string {
  return base64EncodeUtf8(JSON.stringify(payload));
}

export function decodeGaPayload(base64: string): GaPurchasePayload {
  return JSON.parse(base64DecodeUtf8(base64)) as GaPurchasePayload;
}
