/**
 * The error text of a billing field: `<p id={id}>` that the field's `aria-describedby` names;
 * nothing when `message` is empty.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}
