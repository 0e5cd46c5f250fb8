import { ChoiceGroup, type ChoiceGroupFieldProps } from './choice-group';

type CheckboxGroupProps = ChoiceGroupFieldProps & {
  value: readonly string[];
  onChange: (value: string[]) => void;
};

/** A fieldset of checkboxes whose value is the list of checked options, in the options' order. */
export function CheckboxGroup({ value, onChange, ...group }: CheckboxGroupProps) {
  const toggle = (option: string, isChecked: boolean) => {
    const next = new Set(value);
    if (isChecked) next.add(option);
    else next.delete(option);
    onChange(group.options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <ChoiceGroup
      {...group}
      type="checkbox"
      isChecked={(option) => value.includes(option)}
      onOptionChange={toggle}
    />
  );
}
