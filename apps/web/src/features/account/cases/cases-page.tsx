import type { AccountSession, CreateCaseRequest, CreateCaseResponse } from '@coparent/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { NoticePage } from '@/components/notice-page';
import { PageHeading } from '@/components/page-heading';
import { QueryResult } from '@/components/query-result';
import { Spinner } from '@/components/spinner';
import page from '@/features/account/components/account-page.module.css';
import { isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RequireLogin, useLoginRedirect } from '../session/require-login';
import { clearCaseDraft, readCaseDraft, writeCaseDraft } from './case-draft';
import { CaseList } from './case-list';
import styles from './cases.module.css';
import { useCases, useCreateCase } from './cases-api';
import { InviteFamilyForm, type InviteFamilySubmitResult } from './invite-family-form';

/** /app/account/cases: a professional's cases and the "Invite a family" form. */
export function CasesPage() {
  return (
    <RequireLogin>
      {(session) =>
        session.kind === 'PROFESSIONAL' ? (
          <ProfessionalCases session={session} />
        ) : (
          <NoticePage messages="cases.professionalsOnly" to="/" className={page.content} />
        )
      }
    </RequireLogin>
  );
}

function sentMessage(t: ReturnType<typeof useTranslation>['t'], answer: CreateCaseResponse) {
  const [first, second] = answer.invited;
  if (!first) return '';
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  return second
    ? t('cases.success.two', {
        first: name(first),
        firstEmail: first.email,
        second: name(second),
        secondEmail: second.email,
      })
    : t('cases.success.one', { name: name(first), email: first.email });
}

function ProfessionalCases({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  const cases = useCases(true);
  const create = useCreateCase();
  const [sent, setSent] = useState<CreateCaseResponse | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  // A new form (from the cleared draft) after each family invited.
  const [formKey, setFormKey] = useState(0);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const owner = session.userId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new form re-reads the draft
  const defaults = useMemo(() => readCaseDraft(owner), [owner, formKey]);
  const keepDraft = useCallback((values: unknown) => writeCaseDraft(owner, values), [owner]);
  useDocumentTitle(t('cases.title'));
  // A session that ended meanwhile: the login page, then back here (the draft is kept).
  const isRedirecting = useLoginRedirect(cases.error ?? create.error);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = async (values: CreateCaseRequest): Promise<InviteFamilySubmitResult> => {
    setHasFailed(false);
    setSent(null);
    try {
      const answer = await create.mutateAsync(values);
      clearCaseDraft();
      setSent(answer);
      setFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return { fieldErrors: error.fieldErrors };
      }
      setHasFailed(true);
      return undefined;
    }
  };

  if (isRedirecting) return <Spinner label={t('cases.loading')} />;
  return (
    <div className={page.content}>
      <PageHeading>{t('cases.title')}</PageHeading>
      {sent ? (
        <p ref={sentRef} tabIndex={-1} role="status" className={styles.sent}>
          {sentMessage(t, sent)}
        </p>
      ) : null}
      <section className={page.block} aria-labelledby="cases-list-heading">
        <h2 id="cases-list-heading">{t('cases.list.heading')}</h2>
        <QueryResult query={cases} messages="cases">
          {(data) => <CaseList cases={data.cases} />}
        </QueryResult>
      </section>
      <section className={page.block} aria-labelledby="cases-form-heading">
        <h2 id="cases-form-heading">{t('cases.form.heading')}</h2>
        {hasFailed ? (
          <AlertBanner tone="error" onClose={() => setHasFailed(false)}>
            <p>{t('cases.form.failed')}</p>
          </AlertBanner>
        ) : null}
        <InviteFamilyForm
          key={formKey}
          defaults={defaults}
          onDraftChange={keepDraft}
          onSubmit={submit}
          isSubmitting={create.isPending}
        />
      </section>
    </div>
  );
}
