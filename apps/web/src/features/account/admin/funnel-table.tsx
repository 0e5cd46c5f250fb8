import { useTranslation } from 'react-i18next';
import styles from './admin-funnel.module.css';
import type { FunnelStep } from './funnel-api';
import { useFunnelFormat } from './use-funnel-format';

/** Visitors per step and the conversion to the next, one column pair per group (all, or arms). */
export function FunnelTable({
  caption,
  groups,
}: {
  caption: string;
  groups: readonly { name: string | null; steps: readonly FunnelStep[] }[];
}) {
  const { t } = useTranslation();
  const { percent, number, stepName } = useFunnelFormat();
  const keys = groups[0]?.steps.map((step) => step.key) ?? [];
  const heading = (name: string | null, text: string) => (name ? `${name}: ${text}` : text);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminFunnel.table.step')}</th>
            {groups.flatMap((group) => [
              <th key={`${group.name}-v`} scope="col" className={styles.number}>
                {heading(group.name, t('adminFunnel.table.visitors'))}
              </th>,
              <th key={`${group.name}-c`} scope="col" className={styles.number}>
                {heading(group.name, t('adminFunnel.table.conversion'))}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {keys.map((key, index) => (
            <tr key={key}>
              <th scope="row">{stepName(key)}</th>
              {groups.flatMap((group) => {
                const step = group.steps[index];
                return [
                  <td key={`${group.name}-v`} className={styles.number}>
                    {number(step?.visitors ?? 0)}
                  </td>,
                  <td key={`${group.name}-c`} className={styles.number}>
                    {percent(step?.conversionToNext ?? null)}
                  </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
