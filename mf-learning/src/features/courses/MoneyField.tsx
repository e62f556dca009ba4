/**
 * An amount of đồng bound to formik by name: typed as digits, shown with the thousands separators of
 * Vietnamese ('4.800.000') once the box is left. The value is a whole number, or '' while empty.
 */
import { Field, NumberInput, preloadDeferredUi, whenSettled } from '@trungtam/shared/ui';
import { useField, useFormikContext } from 'formik';

// The number input is not among the kit's components every area downloads ahead (the shell's
// remotes/deferredUi.ts): the one screen with this field has it come once the screen has settled.
whenSettled(() => preloadDeferredUi('NumberInput'), 'kit');

export function MoneyField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const [field, meta, helpers] = useField<number | ''>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && meta.error ? meta.error : undefined;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <NumberInput.Root
        width="full"
        locale="vi-VN"
        formatOptions={{ maximumFractionDigits: 0 }}
        min={0}
        defaultValue={field.value === '' ? '' : String(field.value)}
        onValueChange={({ valueAsNumber }) => void helpers.setValue(Number.isFinite(valueAsNumber) ? valueAsNumber : '')}
        onFocusChange={({ focused }) => {
          if (!focused) void helpers.setTouched(true);
        }}
      >
        <NumberInput.Input name={name} inputMode="numeric" />
      </NumberInput.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
