import { NotFoundState } from '../components/NotFoundState.js';
import { useDocumentTitle } from './useDocumentTitle.js';

/** Unknown paths, and pages that later steps have not plugged in yet (see routes.tsx). */
export function NotFoundPage() {
  useDocumentTitle('Not Found');
  return (
    <NotFoundState
      title="Not Found"
      description="The page you are looking for does not exist."
      back={{ to: '/', label: 'Back to the console' }}
    />
  );
}
