// The e-mail input of the auth forms: the same label, keyboard and autofill on every form.
import { Field, type FieldProps } from '@/components/ui/field';

export function EmailField(props: Omit<FieldProps, 'label' | 'name' | 'type'>) {
  return <Field label="Correo electrónico" name="email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" {...props} />;
}
