import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { installAntdMobileRender } from '@glucoguard/ui';
import { routes } from './routes';
import './styles.css';

installAntdMobileRender();

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
