import { ChoiceGroup, type ChoiceGroupFieldProps } from './choice-group';

type RadioGroupProps = ChoiceGroupFieldProps & {
  value?: string;
  onChange: (value: string) => void;
  isInline?: boolean;
  isLegendLarge?: boolean;
};

export function RadioGroup({ value, onChange, ...group }: RadioGroupProps) {
  return (
    <ChoiceGroup
      {...group}
      type="radio"
      isChecked={(option) => value === option}
      onOptionChange={(option) => onChange(option)}
    />
  );
}
