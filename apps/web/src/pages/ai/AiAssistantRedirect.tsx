import { Navigate, useLocation } from 'react-router-dom';

/**
 * /ai/AiAssistant (also written /ai/AIAssistant) is the main page's AI tab: keep the
 * rest of the query and add the spec's isToAI flag.
 */
export default function AiAssistantRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('isToAI', '1');
  return <Navigate to={{ pathname: '/', search: `?${params.toString()}` }} replace />;
}
