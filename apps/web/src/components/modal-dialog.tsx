import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

export type ModalProps = {
  isOpen: boolean;
  /** Escape, the close button and the backdrop call it with false. */
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The text read out with the title (tied as the dialog's description). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions: ReactNode;
  /** The role of a modal that needs an answer (no backdrop dismissal). */
  isAlert?: boolean;
  /** Where focus goes on open, when not the first focusable element (call preventDefault first). */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes on close, when not back to what opened it (call preventDefault first). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape closes it, focus returns to what
 * opened it, and the page behind is hidden from screen readers. Screens use `Modal` (modal.tsx),
 * which loads this on demand.
 */
export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  actions,
  isAlert = false,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: ModalProps) {
  const { t } = useTranslation();
  // Radix returns focus to a Dialog.Trigger; these modals open from other controls (a submit, a
  // check), so the opener is remembered here and focused again on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          role={isAlert ? 'alertdialog' : 'dialog'}
          onPointerDownOutside={isAlert ? (event) => event.preventDefault() : undefined}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            opener.current?.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className={styles.description} asChild>
              <div>{description}</div>
            </Dialog.Description>
          ) : null}
          {children}
          <div className={styles.actions}>{actions}</div>
          <Dialog.Close className={styles.close} aria-label={t('common.closeDialog')}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
