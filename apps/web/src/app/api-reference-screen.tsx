import { useParams } from 'react-router';
import { Island } from '../components/island/island.tsx';
import { ApiReferencePage } from '../features/api-reference/components/api-reference-page.tsx';
import { isApiId } from '../features/api-reference/lib/api-ids.ts';
import { NotFoundPage } from '../features/errors/components/not-found-page.tsx';

/** `/docs/:api`: one of the three references (an island: its responses fold, its commands copy), or not found. */
export function ApiReferenceScreen() {
  const { api } = useParams();
  return isApiId(api) ? (
    <Island key={api} name="api-reference" component={ApiReferencePage} props={{ api }} />
  ) : (
    <NotFoundPage />
  );
}
