import { LOOKS } from '@coparent/domain';
import { useLayoutEffect } from 'react';
import { useLook } from '../lib/flags';

/** The root attribute styles/tokens.css keys the brand-refresh token set on. */
const LOOK_ATTRIBUTE = 'data-look';

/**
 * Puts the look the flags choose on `<html data-look>`: one attribute swaps the whole token set,
 * so no screen has look-specific code. Without the flag the attribute is absent (the default look).
 */
export function DocumentLook() {
  const isBrandRefresh = useLook(LOOKS.brandRefresh);
  // Before paint, so a look forced by `?flags=` never flashes the default one.
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!isBrandRefresh) return;
    root.setAttribute(LOOK_ATTRIBUTE, LOOKS.brandRefresh);
    return () => root.removeAttribute(LOOK_ATTRIBUTE);
  }, [isBrandRefresh]);
  return null;
}
