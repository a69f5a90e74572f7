import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { installAntdMobileRender } from '@glucoguard/ui';
import { installErrorReporting } from './errorReporting';
import { routes } from './routes';
import { takeLaunchParams } from './session/flow';
import { installElderMode } from './store/elderMode';
import '@glucoguard/ui/tokens.css';
import './styles.css';

// Uncaught errors, unhandled rejections and failed calls go to the front log from here on (ADR 0107).
installErrorReporting();
installAntdMobileRender();
// 长辈模式 (a choice kept on this device) is on <html> before the first screen renders.
installElderMode();
// The login code and state (and a scanned-in doctor) leave the address before the router reads it.
takeLaunchParams();

const container = document.getElementById('root');
if (container === null) {
  throw new Error('index.html has no #root element');
}

const router = createBrowserRouter(routes);

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
