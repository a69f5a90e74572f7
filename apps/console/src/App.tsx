// The console's frame: antd in Chinese, the router under /console, and the three states of a
// visitor — signed out (the sign-in page), signed in with a password to change first (only the
// password page), and signed in (the shell with its role's menu).
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ChangePasswordPage } from './pages/password/ChangePasswordPage';
import { SignInPage } from './pages/signIn/SignInPage';
import { CONSOLE_ROUTES } from './routes';
import { PermissionGate } from './layout/PermissionGate';
import { useConsoleSession } from './session';
import { consoleTheme } from './theme';
import { CONSOLE_BASE } from './base';

function SignedInRoutes({ mustChangePassword }: { mustChangePassword: boolean }) {
  if (mustChangePassword) {
    return (
      <Routes>
        <Route path="password" element={<ChangePasswordPage forced />} />
        <Route path="*" element={<Navigate to="/password" replace />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        {CONSOLE_ROUTES.map((route) => (
          <Route
            key={route.path}
            path={route.path}
            element={
              <PermissionGate permission={route.permission}>
                <route.page />
              </PermissionGate>
            }
          />
        ))}
        <Route path="password" element={<ChangePasswordPage forced={false} />} />
        <Route path="signIn" element={<Navigate to="/home" replace />} />
        <Route path="*" element={<Navigate to="/home" replace />} />
      </Route>
    </Routes>
  );
}

export function App() {
  const { session } = useConsoleSession();
  return (
    <ConfigProvider locale={zhCN} theme={consoleTheme} button={{ autoInsertSpace: false }}>
      {/* Toasts below the 64 px top bar and a drawer's title row, which they would cover at antd's 8 px. */}
      <AntApp message={{ top: 72 }}>
        <BrowserRouter basename={CONSOLE_BASE}>
          {session ? (
            <SignedInRoutes mustChangePassword={session.staff.mustChangePassword} />
          ) : (
            <Routes>
              <Route path="signIn" element={<SignInPage />} />
              <Route path="*" element={<Navigate to="/signIn" replace />} />
            </Routes>
          )}
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
