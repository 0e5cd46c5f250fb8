import { useTranslation } from 'react-i18next';
import { useHref, useLocation, useNavigate } from 'react-router';
import { track } from '../lib/analytics';
import { useHydrated } from '../lib/use-hydrated';
import { Button } from './button';

type BackButtonProps = {
  to: string;
  label?: string;
  /**
   * On a page the server writes (and outside any form): without a script, Back is a form asking
   * for the previous page. The app's own button shows once the app has the page: a click before
   * then could be lost between the two.
   */
  worksWithoutScript?: boolean;
};

/** Goes to the previous funnel path and records a 'Back Clicked' analytics event. */
export function BackButton({ to, label, worksWithoutScript = false }: BackButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = useHref(to);
  const { pathname } = useLocation();
  const isHydrated = useHydrated();
  const text = (
    <>
      <span aria-hidden="true">←</span> {label ?? t('common.back')}
    </>
  );
  const button = (
    <Button
      variant="secondary"
      hidden={worksWithoutScript && !isHydrated}
      onClick={() => {
        track('Back Clicked', { from: pathname, to });
        navigate(to);
      }}
    >
      {text}
    </Button>
  );
  if (!worksWithoutScript) return button;
  return (
    <>
      <noscript>
        <form method="get" action={href}>
          <Button variant="secondary" type="submit">
            {text}
          </Button>
        </form>
      </noscript>
      {button}
    </>
  );
}
