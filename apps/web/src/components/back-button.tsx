import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { track } from '../lib/analytics';
import { Button } from './button';

type BackButtonProps = { to: string; label?: string };

/** Goes to the previous funnel path and records a 'Back Clicked' analytics event. */
export function BackButton({ to, label }: BackButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Button
      variant="secondary"
      onClick={() => {
        track('Back Clicked', { from: pathname, to });
        navigate(to);
      }}
    >
      <span aria-hidden="true">←</span> {label ?? t('common.back')}
    </Button>
  );
}
