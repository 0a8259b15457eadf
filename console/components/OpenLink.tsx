import { Link } from '@radix-ui/themes';
import { Link as RouterLink, type To } from 'react-router-dom';

export interface OpenLinkProps {
  to: To;
  state?: unknown;
  /** What the link shows. */
  text: string;
  /** Where it goes ('Open session'), said after the text in the link's name. */
  action: string;
  weight?: 'medium';
}

/**
 * A row's link to its item (a session, a conversation, a search result). Its name starts with
 * what is shown (WCAG 2.5.3) and says where the link goes: "text, action".
 */
export function OpenLink({ to, state, text, action, weight }: OpenLinkProps) {
  return (
    <Link asChild weight={weight}>
      <RouterLink to={to} state={state} aria-label={`${text}, ${action}`}>
        {text}
      </RouterLink>
    </Link>
  );
}
