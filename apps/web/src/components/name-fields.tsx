import { type FieldError, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldId } from '@/lib/form-errors';
import styles from './form.module.css';
import { TextField } from './text-field';

type NameFieldsProps = {
  /** The catalogue entry holding the `firstName` and `lastName` labels. */
  labels: string;
  /** Where the name sits in the form ('coParent', 'children.0'); the ids follow it. */
  path?: string;
  errorText: (error: FieldError | undefined) => string | undefined;
  /** The name of the person filling in the form, which the browser may fill in; no one else's. */
  isOwn?: boolean;
};

/** A first and a last name side by side, in a form shared through react-hook-form's FormProvider. */
export function NameFields({ labels, path, errorText, isOwn = false }: NameFieldsProps) {
  const { t } = useTranslation();
  const { register, formState } = useFormContext();
  const field = (part: 'firstName' | 'lastName', ownAutoComplete: string) => {
    const name = path ? `${path}.${part}` : part;
    return (
      <TextField
        id={fieldId(name)}
        label={t(`${labels}.${part}`)}
        autoComplete={isOwn ? ownAutoComplete : 'off'}
        error={errorText(get(formState.errors, name))}
        defaultValue={get(formState.defaultValues, name)}
        {...register(name)}
      />
    );
  };
  return (
    <div className={styles.nameRow}>
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
    </div>
  );
}
