import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { DEFAULT_SOURCE_ID } from './brand';
import { routes } from './routes';
import { useSession } from './store/session';
import { useUnread } from './store/unread';

/** Renders the app's real route table in memory at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Puts the stores back to a visitor on the default brand. */
export function resetStores(): void {
  useSession.setState({ token: null, customer: null, sourceId: DEFAULT_SOURCE_ID });
  useUnread.setState({ unread: 0 });
}
