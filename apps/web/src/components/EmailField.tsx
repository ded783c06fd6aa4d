import { forwardRef } from 'react';
import { Field, type FieldProps } from './Field';

/**
 * An email `Field`: `type="email"`, the email keyboard, no auto-capitalisation or spell check,
 * and left to right also in right-to-left languages (§9). Other props pass through to `Field`.
 */
export const EmailField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type'>>(function EmailField(props, ref) {
  return <Field ref={ref} type="email" inputMode="email" autoCapitalize="off" spellCheck={false} dir="ltr" {...props} />;
});
