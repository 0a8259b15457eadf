import type { MouseEvent } from 'react';

/**
 * 'Skip to content': the first stop of the Tab order, shown only while focused, so keyboard users
 * can pass the navigation (issue 7, finding 11). It moves focus itself rather than letting the
 * browser follow `#id`, which would change the address and pass through the router.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className="sb-skip-link" onClick={skip}>
      Skip to content
    </a>
  );
}
