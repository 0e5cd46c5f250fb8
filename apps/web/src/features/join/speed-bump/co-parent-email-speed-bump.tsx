import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { JOIN_FORM_CHECKS } from '@/features/join/form-checks';
import { useErrorText } from '@/lib/use-error-text';

type CoParentEmailSpeedBumpProps = {
  isOpen: boolean;
  /** The co-parent's name as typed on step 2. */
  coParentName: string;
  /** Parent A's email, which the co-parent's may not be. */
  parentEmail: string;
  /** Submit: a valid email, trimmed. */
  onEmail: (email: string) => void;
  /** "Skip this": go on without the email. */
  onSkip: () => void;
  /** "Change": back to the co-parent's details on the form. */
  onChange: () => void;
  /** Escape, the backdrop or the close button: stay on step 2. */
  onDismiss: () => void;
};

/**
 * The co-parent email speed-bump: asks once for the co-parent's email when
 * Parent A left it empty (decision 020).
 */
export function CoParentEmailSpeedBump({
  isOpen,
  coParentName,
  parentEmail,
  onEmail,
  onSkip,
  onChange,
  onDismiss,
}: CoParentEmailSpeedBumpProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  // "Change" sends focus to the form; every other close returns it to Continue (Radix's default).
  const focusOnClose = useRef<(() => void) | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React bubbles through the portal: the step-2 form must not see this submit.
    event.stopPropagation();
    // The email's check loads with step 2's form checks (zod with them), on demand.
    const { speedBumpEmailSchema } = await JOIN_FORM_CHECKS['/step2'].load();
    const result = speedBumpEmailSchema({ parentEmail }).safeParse(email);
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    onEmail(result.data);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        inputRef.current?.focus();
      }}
      onCloseAutoFocus={(event) => {
        const focus = focusOnClose.current;
        focusOnClose.current = null;
        if (!focus) return;
        event.preventDefault();
        focus();
      }}
      title={t('experiments.speedBump.title')}
      description={
        <p>
          {t('experiments.speedBump.text', { name: coParentName })}{' '}
          <Button
            variant="link"
            onClick={() => {
              focusOnClose.current = onChange;
              onDismiss();
            }}
          >
            {t('experiments.speedBump.change')}
          </Button>
        </p>
      }
      actions={
        <>
          <Button type="submit" form={formId}>
            {t('experiments.speedBump.submit')}
          </Button>
          <Button variant="secondary" onClick={onSkip}>
            {t('experiments.speedBump.skip')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          ref={inputRef}
          id={`${formId}-email`}
          label={t('experiments.speedBump.emailLabel', { name: coParentName })}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          error={error ? errorText({ type: 'speedBump', message: error }) : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
      </form>
    </Modal>
  );
}
