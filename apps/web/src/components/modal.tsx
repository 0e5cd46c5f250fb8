import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

type ModalProps = {
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
};

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape closes it, focus returns to what
 * opened it, and the page behind is hidden from screen readers.
 */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  actions,
  isAlert = false,
}: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          role={isAlert ? 'alertdialog' : 'dialog'}
          onPointerDownOutside={isAlert ? (event) => event.preventDefault() : undefined}
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

/** A button that closes the surrounding modal (and does its own thing first). */
export const ModalClose = Dialog.Close;
