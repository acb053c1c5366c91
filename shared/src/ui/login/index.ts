/**
 * `@crm/shared/ui/login`: the small UI module of the login page — antd's configuration, the theme's font,
 * the page loader and the login form. The full UI module (`@crm/shared/ui`) loads after sign-in, so the
 * login page does not carry tables, pickers and menus.
 */
export { AppConfig } from './AppConfig.tsx';
export { FullPageLoader } from '../components/FullPageLoader.tsx';
export { SubmitButton } from '../components/SubmitButton.tsx';
export { LoginForm } from './LoginForm.tsx';
export { ThemeFont } from './ThemeFont.tsx';
