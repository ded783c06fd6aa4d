import type { ReactNode, RefObject } from 'react';

/** Props of {@link AccountSection}. */
export interface AccountSectionProps {
  /** The block's class (`linked-accounts`, `parental`): the section gets `card <name>`, the intro `<name>__intro`. */
  name: string;
  /** The heading's translated text (an `h2`, which names the section). */
  title: string;
  /** The translated intro under the heading. */
  intro: string;
  /** What a polite status region announces (the outcome of the last action), or ''. */
  notice: string;
  /** Receives the heading (focusable with `tabIndex=-1`): the focus goes back there after an action. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

/**
 * A section of the account page whose actions end with an announced outcome (linked accounts,
 * parental control): a named card, its heading focusable by script, an intro, and a
 * visually hidden status region for the outcome.
 */
export function AccountSection({ name, title, intro, notice, headingRef, children }: AccountSectionProps) {
  const titleId = `${name}-title`;
  return (
    <section className={`card ${name}`} aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <p className={`${name}__intro`}>{intro}</p>
      <p role="status" className="visually-hidden">
        {notice}
      </p>
      {children}
    </section>
  );
}
