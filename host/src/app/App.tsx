import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { defaults, i18n, type AppStore } from '@crm/shared';
import { AppConfig, ThemeFont } from '@crm/shared/ui/login';
import { AppRoutes } from './AppRoutes.tsx';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <AppConfig>
          <ThemeFont>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            {/* Inside the theme's font: outside it, toasts fell back to the browser's serif. */}
            <Toaster position="bottom-right" toastOptions={{ duration: defaults.toastDurationMs }} />
          </ThemeFont>
        </AppConfig>
      </I18nextProvider>
    </Provider>
  );
}
