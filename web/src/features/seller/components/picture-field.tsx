import { FormField } from '@/components/ui/form-field.tsx';

/** A listing's picture, chosen as a file (uploaded when the form is sent). */
export function PictureField({
  label,
  hint,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  onChange: (image: File | null) => void;
}) {
  return (
    <FormField label={label} error={error} hint={hint}>
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
    </FormField>
  );
}
