import { useId, type ReactNode, type Ref } from 'react';

/**
 * A section of PROFILES ("who's watching", managing profiles, a profile's form): named by its
 * `h1` (`title`), which takes the focus when the view changes (`headingRef`, `tabIndex` -1).
 */
export function ProfilesSection({ title, headingRef, children }: { title: string; headingRef: Ref<HTMLHeadingElement>; children: ReactNode }) {
  const id = useId();
  return (
    <section className="profiles" aria-labelledby={id}>
      <h1 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}
