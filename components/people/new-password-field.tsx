/** A new password's field: the browser may suggest one, and one too short is said as it is typed. */
import { TextField } from "@/components/ui/text-field";
import { MIN_PASSWORD_LENGTH } from "@/lib/domain/passwords";

export function NewPasswordField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const tooShort = value.length > 0 && value.length < MIN_PASSWORD_LENGTH;
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete="new-password"
      value={value}
      error={tooShort ? `At least ${MIN_PASSWORD_LENGTH} characters.` : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
