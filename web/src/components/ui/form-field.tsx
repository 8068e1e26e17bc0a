import {
  cloneElement,
  useEffect,
  useId,
  type ReactElement,
  type ReactNode,
  type RefObject,
} from 'react';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** A labelled control with its required-field message underneath. */
export function FormField({
  label,
  error,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactElement<ControlProps>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  });
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {control}
      {hint && <p className="form-field__hint">{hint}</p>}
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** After a refused submit, keyboard and screen-reader users land on the first invalid field. */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  errors: Record<string, string | undefined>,
) {
  useEffect(() => {
    if (Object.values(errors).some(Boolean)) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [errors, formRef]);
}
