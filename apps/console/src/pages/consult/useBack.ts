// 返回 on a page reached from another one: the previous page of the console when there is one, else
// `fallback` (a page opened from a bookmark or a pasted address has no previous console page).
import { useLocation, useNavigate } from 'react-router-dom';

export function useBack(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  // react-router marks the page the browser opened first with the key 'default'.
  return () => void (location.key === 'default' ? navigate(fallback) : navigate(-1));
}
