import { useParams } from 'react-router';
import { ApiReferencePage } from '../features/api-reference/components/api-reference-page.tsx';
import { isApiId } from '../features/api-reference/lib/api-ids.ts';
import { NotFoundPage } from '../features/errors/components/not-found-page.tsx';

/** `/docs/:api`: one of the three references, or the not-found page for any other name. */
export function ApiReferenceScreen() {
  const { api } = useParams();
  return isApiId(api) ? <ApiReferencePage key={api} api={api} /> : <NotFoundPage />;
}
