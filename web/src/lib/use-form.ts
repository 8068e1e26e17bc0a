import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

/** A message per field that is missing or wrong (spec section 5: shown under the field). */
export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

type TextKeys<Values> = {
  [Key in keyof Values]: Values[Key] extends string ? Key : never;
}[keyof Values];

/**
 * A form's values and field messages. `field(name)` wires a text control (value, change, error),
 * `onSubmit(send)` validates first and sends only valid values. After a refused submit, keyboard
 * and screen-reader users land on the first invalid field.
 */
export function useForm<Values extends object>(
  initial: Values,
  validate: (values: Values) => FieldErrors<Values>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (Object.values(errors).some(Boolean)) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors]);

  const setValue = useCallback(
    <Key extends keyof Values>(name: Key, value: Values[Key]) =>
      setValues((current) => ({ ...current, [name]: value })),
    [],
  );

  const field = <Key extends TextKeys<Values>>(name: Key) => ({
    value: values[name] as string,
    error: errors[name],
    onChange: (value: string) => setValue(name, value as Values[Key]),
  });

  const onSubmit = (send: (values: Values) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) send(values);
  };

  return { values, errors, formRef, field, setValue, onSubmit };
}
