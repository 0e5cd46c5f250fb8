import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NoticePage } from '@/components/notice-page';
import { PageHeading } from '@/components/page-heading';
import { QueryResult } from '@/components/query-result';
import { SelectField } from '@/components/select-field';
import { Spinner } from '@/components/spinner';
import page from '@/features/account/components/account-page.module.css';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireLogin, useLoginRedirect } from '../session/require-login';
import { FUNNEL_WINDOWS, type FunnelReport, isFunnelWindow, useFunnelReport } from './funnel-api';
import { FunnelChart } from './funnel-chart';
import { FunnelTable } from './funnel-table';
import { useFunnelFormat } from './use-funnel-format';

/** /app/account/admin/funnel: the Parent A funnel report, for staff accounts. */
export function FunnelPage() {
  return (
    <RequireLogin>
      {(session) =>
        session.isStaff ? (
          <StaffFunnel />
        ) : (
          <NoticePage messages="adminFunnel.staffOnly" to="/" className={page.content} />
        )
      }
    </RequireLogin>
  );
}

function StaffFunnel() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('since');
  const since = isFunnelWindow(requested) ? requested : '7d';
  const report = useFunnelReport(since, true);
  const isRedirecting = useLoginRedirect(report.error);
  useDocumentTitle(t('adminFunnel.title'));

  if (isRedirecting) return <Spinner label={t('adminFunnel.loading')} />;
  // Staff rights taken away since the session was read.
  if (isApiError(report.error) && report.error.status === 403)
    return <NoticePage messages="adminFunnel.staffOnly" to="/" className={page.content} />;
  return (
    <div className={page.content}>
      <PageHeading>{t('adminFunnel.title')}</PageHeading>
      <p className={page.intro}>{t('adminFunnel.intro')}</p>
      <SelectField
        id="funnel-window"
        label={t('adminFunnel.window.label')}
        value={since}
        options={FUNNEL_WINDOWS.map((value) => ({
          value,
          label: t(`adminFunnel.window.${value}`),
        }))}
        onChange={(event) => setParams({ since: event.target.value }, { replace: true })}
      />
      <QueryResult query={report} messages="adminFunnel">
        {(data) => <ReportView report={data} />}
      </QueryResult>
    </div>
  );
}

function ReportView({ report }: { report: FunnelReport }) {
  const { t } = useTranslation();
  const { date } = useFunnelFormat();
  const isEmpty = (report.steps[0]?.visitors ?? 0) === 0;
  return (
    <>
      <p aria-live="polite">
        {t('adminFunnel.period', { since: date(report.since), until: date(report.until) })}
      </p>
      <section className={page.block} aria-labelledby="funnel-all-heading">
        <h2 id="funnel-all-heading">{t('adminFunnel.all.heading')}</h2>
        {isEmpty ? <p>{t('adminFunnel.all.empty')}</p> : null}
        <FunnelTable
          caption={t('adminFunnel.all.caption')}
          groups={[{ name: null, steps: report.steps }]}
        />
        <h3>{t('adminFunnel.chart.heading')}</h3>
        <FunnelChart steps={report.steps} label={t('adminFunnel.chart.heading')} />
      </section>
      <section className={page.block} aria-labelledby="funnel-experiments-heading">
        <h2 id="funnel-experiments-heading">{t('adminFunnel.experiments.heading')}</h2>
        {report.experiments.length === 0 ? <p>{t('adminFunnel.experiments.none')}</p> : null}
        {report.experiments.map((experiment) => (
          <div key={experiment.experiment} className={page.block}>
            <h3>{t('adminFunnel.experiments.name', { name: experiment.experiment })}</h3>
            <FunnelTable
              caption={t('adminFunnel.experiments.caption', { name: experiment.experiment })}
              groups={experiment.arms.map((arm) => ({
                name: t('adminFunnel.experiments.arm', { variant: arm.variant }),
                steps: arm.steps,
              }))}
            />
          </div>
        ))}
      </section>
    </>
  );
}
