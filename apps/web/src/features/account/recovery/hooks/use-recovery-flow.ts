import { useCallback, useEffect, useState } from 'react';
import { useTokenFromAddress } from '@/lib/use-address-token';
import { type RecoveryFlow, readFlow, writeFlow } from '../recovery-flow';

/**
 * The recovery state, kept in session storage. Arriving with the emailed link's `?token=` opens
 * the new password form; the token is taken out of the address bar at once.
 */
export function useRecoveryFlow() {
  const urlToken = useTokenFromAddress();
  const [flow, setFlow] = useState<RecoveryFlow>(() => {
    const stored = readFlow();
    return urlToken
      ? { ...stored, step: 'NEW_PASSWORD', resetToken: urlToken, recoveryId: null, code: '' }
      : stored;
  });

  useEffect(() => {
    writeFlow(flow);
  }, [flow]);

  const update = useCallback((change: Partial<RecoveryFlow>) => {
    setFlow((current) => ({ ...current, ...change }));
  }, []);

  return { flow, update };
}
