/** ownFields(): a public message form's own two optional fields beside name and e-mail, described as data. */
import { Field, type FieldProps } from '../../components/ui/field.tsx';
import { SelectField } from './form-parts.tsx';
import type { MessageFormProps } from './MessageForm.tsx';

export interface OwnFields {
  /** A text field: its form name, label and input attributes. */
  text: { name: string } & Pick<FieldProps, 'label' | 'type' | 'autoComplete'>;
  /** A choice: its form name, label and options; 'Choose one' (no answer, '') comes first. */
  choice: { name: string; label: string; options: { value: string; label: string }[] };
}

/** MessageForm's `ownFields`: the text field, then the choice, each with its error. */
export function ownFields({ text: { name, ...text }, choice }: OwnFields): MessageFormProps['ownFields'] {
  return ({ register, errors }) => (
    <>
      <Field {...text} error={errors[name]?.message} {...register(name)} />
      <SelectField
        label={choice.label}
        error={errors[choice.name]?.message}
        options={[{ value: '', label: 'Choose one' }, ...choice.options]}
        {...register(choice.name)}
      />
    </>
  );
}
