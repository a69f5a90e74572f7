import { AI_ASSISTANT_PATH } from '@glucoguard/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { RouteError } from './components/RouteError';

// Every page is its own chunk, loaded when its route is first opened.
const MainPage = lazy(() => import(/* webpackChunkName: "page-main" */ './pages/main/MainPage'));
const AiAssistantRedirect = lazy(() => import(/* webpackChunkName: "page-ai-redirect" */ './pages/ai/AiAssistantRedirect'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './pages/NotFoundPage'));

/**
 * The route table. Later issues add their pages here (spec 2.1 lists them all); until then
 * their addresses show the 404 page. Matching is case-insensitive, so /ai/AIAssistant and
 * /ai/AiAssistant both match.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <MainPage /> },
      { path: AI_ASSISTANT_PATH, element: <AiAssistantRedirect /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
