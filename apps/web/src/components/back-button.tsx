import { useTranslation } from 'react-i18next';
import { useHref, useLocation, useNavigate } from 'react-router';
import { track } from '../lib/analytics';
import { Button } from './button';

type BackButtonProps = {
  to: string;
  label?: string;
  /**
   * On a page that works without a script (and outside any form): the button also opens the
   * previous page by itself, as a form asking for it.
   */
  worksWithoutScript?: boolean;
};

/** Goes to the previous funnel path and records a 'Back Clicked' analytics event. */
export function BackButton({ to, label, worksWithoutScript = false }: BackButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = useHref(to);
  const { pathname } = useLocation();
  const button = (
    <Button
      variant="secondary"
      type={worksWithoutScript ? 'submit' : 'button'}
      onClick={(event) => {
        event.preventDefault();
        track('Back Clicked', { from: pathname, to });
        navigate(to);
      }}
    >
      <span aria-hidden="true">←</span> {label ?? t('common.back')}
    </Button>
  );
  if (!worksWithoutScript) return button;
  return (
    <form method="get" action={href}>
      {button}
    </form>
  );
}
