import { isSignupResetStatus } from '@coparent/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useFunnelStore } from '@/stores/funnel-store';

/** A save's answer that ends this tab's signup: the server no longer knows it, or it is out of order. */
export function endsSignup(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === 'SECTION_OUT_OF_ORDER' || isSignupResetStatus(error.status))
  );
}

/** Forgets the tab's signup (what was typed stays) and starts again at /step1. */
export function useStartAgain(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    useFunnelStore.getState().endSignup();
    navigate('/step1');
  }, [navigate]);
}
