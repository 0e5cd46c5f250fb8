import { useTranslation } from 'react-i18next';
import styles from './admin-funnel.module.css';
import type { FunnelStep } from './funnel-api';
import { useFunnelFormat } from './use-funnel-format';

type FunnelChartProps = { steps: readonly FunnelStep[]; label: string };

/**
 * Horizontal bars, one per step, as wide as the step's share of the landing visitors. Every bar
 * says its numbers in text; the bar itself is decoration (the table above holds the same data).
 */
export function FunnelChart({ steps, label }: FunnelChartProps) {
  const { t } = useTranslation();
  const { percent, stepName } = useFunnelFormat();
  const top = steps[0]?.visitors ?? 0;
  return (
    <ol className={styles.chart} aria-label={label}>
      {steps.map((step) => {
        const share = top === 0 ? 0 : step.visitors / top;
        return (
          <li key={step.key}>
            {t('adminFunnel.chart.bar', {
              step: stepName(step.key),
              count: step.visitors,
              share: percent(top === 0 ? null : share),
            })}
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.bar} style={{ width: `${Math.round(share * 1000) / 10}%` }} />
            </span>
          </li>
        );
      })}
    </ol>
  );
}
