import {
  emptyChild,
  FAMILY_FORM_ACTION_FIELD,
  FAMILY_FORM_ADD_CHILD,
  FAMILY_FORM_REMOVE_CHILD,
  type FamilyForm,
  type FamilyFormInput,
  MAX_CHILDREN,
} from '@coparent/domain';
import { type FieldErrors, get, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildrenRows } from '@/components/children-rows';
import { NameFields } from '@/components/name-fields';
import { TextField } from '@/components/text-field';
import { fieldId } from '@/lib/form-errors';
import { useErrorText } from '@/lib/use-error-text';
import { useRepeatableRows } from '@/lib/use-repeatable-rows';

type ChildrenFieldsProps = {
  form: UseFormReturn<FamilyFormInput, unknown, FamilyForm>;
  errors: FieldErrors<FamilyFormInput>;
};

/** Add child and Remove as a browser without a script posts them (the server answers the page). */
const POSTED_AS = {
  name: FAMILY_FORM_ACTION_FIELD,
  add: FAMILY_FORM_ADD_CHILD,
  removePrefix: FAMILY_FORM_REMOVE_CHILD,
};

/**
 * The repeatable children list: Add child appends (up to MAX_CHILDREN, then says why it is gone),
 * Remove shows only with more than one child.
 */
export function ChildrenFields({ form, errors }: ChildrenFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'children' });
  const limitMessage = t('signup_childrenMax_error', { ns: 'validation' });
  const rows = useRepeatableRows({
    count: fields.length,
    max: MAX_CHILDREN,
    append: () => append(emptyChild(), { shouldFocus: false }),
    remove,
    focusRow: (index) => form.setFocus(`children.${index}.firstName`),
    addedMessage: (number) => t('stepTwo.childAdded', { number }),
    removedMessage: (number) => t('stepTwo.childRemoved', { number }),
    limitMessage,
  });

  return (
    <ChildrenRows
      headingId="children-heading"
      heading={t('stepTwo.childrenHeading')}
      headingLevel="h2"
      rowIds={fields.map((item) => item.id)}
      legend={(number) => t('stepTwo.childLegend', { number })}
      removeKey="stepTwo.removeChild"
      addLabel={t('stepTwo.addChild')}
      limitMessage={limitMessage}
      rows={rows}
      postedAs={POSTED_AS}
    >
      {(index) => {
        const childErrors = errors.children?.[index];
        const email = `children.${index}.email` as const;
        return (
          <>
            <NameFields labels="stepTwo" path={`children.${index}`} errorText={errorText} />
            <TextField
              id={fieldId(email)}
              label={t('stepTwo.email')}
              hint={t('stepTwo.childEmailHint')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              isOptional
              defaultValue={get(form.formState.defaultValues, email)}
              error={errorText(childErrors?.email)}
              {...form.register(email)}
            />
          </>
        );
      }}
    </ChildrenRows>
  );
}
