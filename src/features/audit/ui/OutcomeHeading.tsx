/**
 * The heading of an audit outcome (result or failure). It takes focus when the outcome follows a
 * visitor's action, so screen readers start reading there.
 */
import type { ReactNode, RefObject } from 'react';

interface Props {
  id: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  className: string;
  children: ReactNode;
}

export default function OutcomeHeading({ id, headingRef, className, children }: Props) {
  return (
    <h2 id={id} ref={headingRef} tabIndex={-1} className={`${className} outline-none`}>
      {children}
    </h2>
  );
}
