import { AI_ASSISTANT_PATH, REGISTER_PATH } from '@glucoguard/domain';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './components/AppLayout';
import { RouteError } from './components/RouteError';

// Every page is its own chunk, loaded when its route is first opened.
const MainPage = lazy(() => import(/* webpackChunkName: "page-main" */ './pages/main/MainPage'));
const AiAssistantRedirect = lazy(() => import(/* webpackChunkName: "page-ai-redirect" */ './pages/ai/AiAssistantRedirect'));
const RegisterPage = lazy(() => import(/* webpackChunkName: "page-register" */ './pages/register/RegisterPage'));
const EditUserInfoPage = lazy(() => import(/* webpackChunkName: "page-edit-user-info" */ './pages/register/EditUserInfoPage'));
const EditPhonePage = lazy(() => import(/* webpackChunkName: "page-edit-phone" */ './pages/register/EditPhonePage'));
const SetPage = lazy(() => import(/* webpackChunkName: "page-set" */ './pages/set/SetPage'));
const AboutUsPage = lazy(() => import(/* webpackChunkName: "page-about-us" */ './pages/set/AboutUsPage'));
const ProtocolPage = lazy(() => import(/* webpackChunkName: "page-protocol" */ './pages/protocol/ProtocolPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "page-not-found" */ './pages/NotFoundPage'));

/**
 * The route table. Later issues add their pages here (spec 2.1 lists them all); until then
 * their addresses show the 404 page. Every route passes the start-up guard in AppLayout. Matching is case-insensitive, so /ai/AIAssistant and
 * /ai/AiAssistant both match.
 */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <MainPage /> },
      { path: AI_ASSISTANT_PATH, element: <AiAssistantRedirect /> },
      { path: REGISTER_PATH, element: <RegisterPage /> },
      { path: '/register/editUserInfo', element: <EditUserInfoPage /> },
      { path: '/register/editPhone', element: <EditPhonePage /> },
      { path: '/set/set', element: <SetPage /> },
      { path: '/set/aboutUs', element: <AboutUsPage /> },
      { path: '/protocolPage', element: <ProtocolPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
