// antd-mobile's global styles first (its index, which used to bring them, is no longer bundled whole: ADR 0099).
import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { skipsSignIn } from '@glucoguard/domain';
import { installAntdMobileRender } from '@glucoguard/ui';
import { preloadRoute } from './lazyPage';
import { installErrorReporting } from './errorReporting';
import { routes } from './routes';
import { startSession, takeLaunchParams } from './session/flow';
import { useDeviceKeySwitch } from './store/deviceKeySwitch';
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

// The first screen's requests go out together, before React renders (docs/adr/0099-parallel-first-screen.md):
// the page's chunk (and its default tab's), and the start-up flow — sign-in, auth, the customer —
// which SessionGate would otherwise start only after those chunks had arrived and rendered.
preloadRoute(routes, window.location);
const launchAddress = `${window.location.pathname}${window.location.search}${window.location.hash}`;
if (!skipsSignIn(launchAddress) && useDeviceKeySwitch.getState().pending === null) {
  // SessionGate's own call joins this one; a `?deviceKey=` link for another account waits for the user's answer.
  void startSession();
}

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
