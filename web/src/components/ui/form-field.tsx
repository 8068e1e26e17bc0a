import {
  cloneElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

type FieldProps = {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled control with its hint and its required-field message underneath. */
export function FormField({
  label,
  error,
  hint,
  children,
}: FieldProps & { children: ReactElement<ControlProps> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error && errorId, hint && hintId].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {control}
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
    value: string;
    /** Omit for a read-only field. */
    onChange?: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled text input (any `type` typed as text: email, tel, number, password). */
export function TextField({ label, error, hint, onChange, ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <input
        type="text"
        {...input}
        readOnly={input.readOnly ?? !onChange}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
    </FormField>
  );
}

/** A labelled multi-line text (a description, a reason). */
export function TextAreaField({
  label,
  error,
  hint,
  onChange,
  ...textarea
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'value' | 'onChange'> & {
    value: string;
    onChange: (value: string) => void;
  }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <textarea {...textarea} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

export type SelectOption = { value: string; label: string };

/** A labelled select; `placeholder` is a first option with an empty value. */
export function SelectField({
  label,
  error,
  hint,
  value,
  onChange,
  options,
  placeholder,
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  options: readonly (string | SelectOption)[];
  placeholder?: string;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </FormField>
  );
}

/** A form's own failure (the server's or the auth provider's message), announced at once. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
