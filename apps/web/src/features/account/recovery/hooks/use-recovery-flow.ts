import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type RecoveryFlow, readFlow, writeFlow } from '../recovery-flow';

/**
 * The recovery state, kept in session storage. Arriving with the emailed link's `?token=` opens
 * the new password form; the token is taken out of the address bar at once (a replace, so it stays
 * out of history and Referer).
 */
export function useRecoveryFlow() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token');
  const [flow, setFlow] = useState<RecoveryFlow>(() => {
    const stored = readFlow();
    return urlToken
      ? { ...stored, step: 'NEW_PASSWORD', resetToken: urlToken, recoveryId: null, code: '' }
      : stored;
  });

  useEffect(() => {
    writeFlow(flow);
  }, [flow]);

  useEffect(() => {
    if (urlToken === null) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('token');
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [urlToken, location.pathname, location.search, location.hash, location.state, navigate]);

  const update = useCallback((change: Partial<RecoveryFlow>) => {
    setFlow((current) => ({ ...current, ...change }));
  }, []);

  return { flow, update };
}
