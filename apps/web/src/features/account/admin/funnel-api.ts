import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, parseAnswer } from '@/lib/api-client';
import { ACCOUNT_QUERY_KEY } from '../session/use-account-session';

/** The windows the page offers (GET /v2/admin/funnel takes 30m, 24h, 7d, 2w…). */
export const FUNNEL_WINDOWS = ['24h', '7d', '30d'] as const;
type FunnelWindow = (typeof FUNNEL_WINDOWS)[number];

export function isFunnelWindow(value: string | null): value is FunnelWindow {
  return (FUNNEL_WINDOWS as readonly string[]).includes(value ?? '');
}

// The answer's shape as the server declares it (modules/events/report.ts, FunnelReportSchema).
const FunnelStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  visitors: z.number(),
  conversionToNext: z.number().nullable(),
});
const FunnelReportSchema = z.object({
  since: z.string(),
  until: z.string(),
  steps: z.array(FunnelStepSchema),
  experiments: z.array(
    z.object({
      experiment: z.string(),
      arms: z.array(z.object({ variant: z.string(), steps: z.array(FunnelStepSchema) })),
    }),
  ),
});
export type FunnelStep = z.infer<typeof FunnelStepSchema>;
export type FunnelReport = z.infer<typeof FunnelReportSchema>;

/** GET /v2/admin/funnel?since=: the Parent A funnel (401 logged out, 403 STAFF_REQUIRED). */
export function useFunnelReport(since: FunnelWindow, isEnabled: boolean) {
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, 'admin', 'funnel', since],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<unknown>(`/v2/admin/funnel?since=${since}`, { signal });
      return parseAnswer(FunnelReportSchema, answer, 'report');
    },
    enabled: isEnabled,
  });
}
