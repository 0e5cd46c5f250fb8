import { RESTRICTIONS } from '@coparent/domain';
import { useEffect } from 'react';
import { useRestriction } from '@/lib/flags';
import { hideZendeskMessenger, showZendeskMessenger, zendeskWidgetKey } from './zendesk-messenger';

/**
 * The support chat (on the home and duplicate screens, behind a flag, no login
 * needed): Zendesk's messaging widget when the `support-chat` restriction is on and the build has
 * a widget key. Renders nothing itself; the widget brings its own accessible launcher.
 */
export function SupportChat() {
  const isOn = useRestriction(RESTRICTIONS.supportChat);
  const widgetKey = zendeskWidgetKey();
  useEffect(() => {
    if (!isOn || !widgetKey) return;
    showZendeskMessenger(widgetKey);
    return hideZendeskMessenger;
  }, [isOn, widgetKey]);
  return null;
}
