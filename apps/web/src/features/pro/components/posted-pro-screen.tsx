import {
  PRO_FORM_ACTION_FIELD,
  PRO_FORM_BACK,
  PRO_FORM_DONE,
  PRO_FORM_STEP_FIELD,
  PRO_ROLES_FORM_FIELD,
  PRO_STEP_FIELDS,
  type ProFormStep,
  proFormRoles,
  proFormStepOf,
  proFormUserOf,
} from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import type { FormSubmission } from '@/lib/form-submission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useProLookups } from '../api/get-pro-lookups';
import type { ProPhase } from '../pro-machine';
import { draftFromFields } from '../pro-values';
import { ProStepHeading } from './pro-step-heading';
import { ProStepIndicator } from './pro-step-indicator';
import { ProStepOneForm } from './pro-step-one-form';
import { ProStepThreeForm } from './pro-step-three-form';
import { ProStepTwoForm } from './pro-step-two-form';
import { ProSuccess } from './pro-success';

const PHASE_OF_STEP: Record<ProFormStep, ProPhase> = { 1: 'ONE', 2: 'TWO', 3: 'THREE' };

/** A posted page's forms are the server's: the app neither keeps nor sends them itself. */
const ignore = () => {};
const notSent = async () => undefined;

/**
 * What a step's form posts besides its own fields: the step, when the person started, and the
 * other steps' values the page carries (the roles as the checkboxes post them).
 */
function hiddenFieldsFor(step: ProFormStep, values: Readonly<Record<string, string>>) {
  const own: readonly string[] = PRO_STEP_FIELDS[step];
  const hidden: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(values)) {
    if (own.includes(name) || name === PRO_FORM_STEP_FIELD) continue;
    if (name === 'roles') hidden[PRO_ROLES_FORM_FIELD] = proFormRoles(values);
    else hidden[name] = value;
  }
  return { ...hidden, [PRO_FORM_STEP_FIELD]: String(step) };
}

/**
 * /pro answering a step posted as a form (a browser without a script, or whose script came after
 * the post): the step the server answered with its problems, or the next one carrying the earlier
 * steps, or the success. Its forms post to the server again, with the app or without.
 */
export function PostedProScreen({ submission }: { submission: FormSubmission }) {
  const { t } = useTranslation();
  const lookups = useProLookups();
  const { values, errors } = submission;
  const user = values[PRO_FORM_STEP_FIELD] === PRO_FORM_DONE ? proFormUserOf(values) : undefined;
  const step = proFormStepOf(values);
  const stepName = t(`pro.steps.names.${step}`);
  const caption = t('pro.steps.caption', { number: step });
  const successTitle = user ? t('pro.success.title', { firstName: user.name.firstName }) : '';
  useDocumentTitle(`${successTitle} – ${t('pro.title')}`, false, Boolean(user));

  if (user) {
    return (
      <>
        <PageHeading>{t('pro.title')}</PageHeading>
        <ProStepIndicator phase="SUCCESS" accepted={[true, true, true]} onSelect={ignore} />
        <ProStepHeading>{successTitle}</ProStepHeading>
        <ProSuccess user={user} />
      </>
    );
  }

  const common = {
    documentTitle: `${caption}: ${stepName} – ${t('pro.title')}`,
    onDraftChange: ignore,
    onSubmit: notSent,
    isSubmitting: false,
    serverErrors: errors,
    isPosted: true,
    hiddenFields: hiddenFieldsFor(step, values),
  };
  const backButton = (
    <Button type="submit" variant="secondary" name={PRO_FORM_ACTION_FIELD} value={PRO_FORM_BACK}>
      <span aria-hidden="true">←</span> {t('common.back')}
    </Button>
  );
  const accepted = [step > 1, step > 2, false] as const;
  return (
    <>
      <PageHeading>{t('pro.title')}</PageHeading>
      {step === 1 ? <p>{t('pro.intro')}</p> : null}
      <ProStepIndicator
        phase={PHASE_OF_STEP[step]}
        accepted={accepted}
        onSelect={ignore}
        isLocked
      />
      <ProStepHeading caption={caption}>{stepName}</ProStepHeading>
      {step === 1 && lookups.data ? (
        <ProStepOneForm {...common} lookups={lookups.data} draft={draftFromFields(1, values)} />
      ) : null}
      {step === 2 && lookups.data ? (
        <ProStepTwoForm
          {...common}
          lookups={lookups.data}
          draft={{ ...draftFromFields(2, values), roles: proFormRoles(values) }}
          backButton={backButton}
        />
      ) : null}
      {step === 3 ? (
        <ProStepThreeForm
          {...common}
          draft={draftFromFields(3, values)}
          hasForgottenSecrets={false}
          backButton={backButton}
        />
      ) : null}
    </>
  );
}
