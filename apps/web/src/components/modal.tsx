import { useEffect, useState } from 'react';
import type { ModalProps } from './modal-dialog';

type DialogModule = typeof import('./modal-dialog');

let loaded: DialogModule | undefined;
const loadDialog = () =>
  import('./modal-dialog').then((module) => {
    loaded = module;
    return module;
  });

/**
 * A modal dialog (modal-dialog.tsx). Its code (Radix, a sixth of a checkout's JavaScript) loads
 * once a screen that may open it has rendered, not before the screen's first paint; a modal asked
 * to open before then opens as soon as it has loaded.
 */
export function Modal(props: ModalProps) {
  const [dialog, setDialog] = useState(loaded);
  const { isOpen } = props;
  useEffect(() => {
    // A load that failed (the server away a moment) is tried again when the dialog is to open.
    if (!dialog && (isOpen || !loaded)) loadDialog().then(setDialog, () => undefined);
  }, [dialog, isOpen]);
  return dialog ? <dialog.ModalDialog {...props} /> : null;
}
